import { CHAT_QUESTION_MAX_LENGTH, type ChatMessage } from '@baletrack/contracts/help/chat';
import {
  ActionIcon,
  Affix,
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SUPPORT_CHAT_CORNER } from '@/features/chat/chat-placement';
import { ChatMarkdown } from '@/features/chat/components/chat-markdown';
import { useSupportChat } from '@/features/chat/hooks/use-support-chat';
import { routePaths } from '@/lib/route-names';

function ChatIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
    </svg>
  );
}

const modeLabels = {
  retrieval: 'From the help articles',
  generated: 'AI answer from the help articles',
  fallback: 'From the help articles (AI unavailable)',
} as const;

function Bubble({ message, onNavigate }: { message: ChatMessage; onNavigate: () => void }) {
  const mine = message.role === 'user';
  return (
    <Paper
      component="li"
      p="xs"
      radius="md"
      bg={mine ? 'green.0' : 'gray.0'}
      ml={mine ? 'xl' : 0}
      mr={mine ? 0 : 'xl'}
      style={{ listStyle: 'none' }}
      aria-label={mine ? 'You' : 'Support'}
    >
      {mine ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
      ) : (
        <>
          <ChatMarkdown text={message.text} onNavigate={onNavigate} />
          {message.mode && (
            <Text size="xs" c="dimmed">
              {modeLabels[message.mode]}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * The support chat, reachable from every signed-in screen: a button at the bottom of the screen
 * opens the conversation (docs/product.md#support-chat).
 */
export function SupportChat() {
  const [opened, drawer] = useDisclosure(false);
  const chat = useSupportChat(opened);
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const onMap = pathname === routePaths.home;
  // On a phone the button is a round icon, so it takes a corner and no more.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  // Follow the conversation as it grows.
  const grown = chat.messages.length * 100_000 + (chat.answering?.text.length ?? 0);
  useEffect(() => {
    if (grown > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [grown]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || chat.answering) return;
    if (chat.ask(text)) setQuestion('');
  };

  return (
    <>
      <Affix
        position={
          onMap
            ? { bottom: SUPPORT_CHAT_CORNER, left: SUPPORT_CHAT_CORNER }
            : { bottom: SUPPORT_CHAT_CORNER, right: SUPPORT_CHAT_CORNER }
        }
        zIndex={150}
      >
        {!opened &&
          (phone ? (
            <ActionIcon
              onClick={drawer.open}
              size={44}
              radius="xl"
              variant="filled"
              aria-label="Support chat"
              style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            >
              <ChatIcon />
            </ActionIcon>
          ) : (
            <Button
              onClick={drawer.open}
              radius="xl"
              variant="filled"
              h={44}
              style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            >
              Support chat
            </Button>
          ))}
      </Affix>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="md"
        title="Support chat"
        closeButtonProps={{ 'aria-label': 'Close support chat' }}
        styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100% - 60px)' } }}
      >
        <Group justify="space-between" mb="xs">
          <Badge variant="light" color={chat.status === 'ready' ? 'green' : 'gray'}>
            {chat.status === 'ready'
              ? chat.generated
                ? 'AI answers from the help'
                : 'Answers from the help'
              : chat.status === 'connecting'
                ? 'Connecting…'
                : 'Offline, retrying…'}
          </Badge>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={chat.clear}
            disabled={chat.status !== 'ready' || chat.messages.length === 0}
          >
            Clear conversation
          </Button>
        </Group>
        <ScrollArea style={{ flex: 1 }} offsetScrollbars>
          <Stack gap="xs" component="ol" p={0} m={0} aria-label="Conversation" aria-live="polite">
            {chat.messages.length === 0 && !chat.answering && (
              <Text size="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
                Ask about anything in Baletrack, e.g. “Why are some bales locked?”. Answers come
                from the Helpful Information articles. Your conversation is kept for 30 days, for
                you only.
              </Text>
            )}
            {chat.messages.map((message) => (
              <Bubble key={message.id} message={message} onNavigate={drawer.close} />
            ))}
            {chat.answering && (
              <Paper component="li" p="xs" radius="md" bg="gray.0" mr="xl" aria-busy="true">
                {chat.answering.text ? (
                  <ChatMarkdown text={chat.answering.text} onNavigate={drawer.close} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Looking it up…
                  </Text>
                )}
              </Paper>
            )}
          </Stack>
          <div ref={end} />
        </ScrollArea>
        {chat.error && (
          <Alert color="red" variant="light" role="alert" my="xs">
            {chat.error}
          </Alert>
        )}
        <form onSubmit={submit} aria-label="Ask the support chat">
          <Textarea
            mt="xs"
            label="Your question"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CHAT_QUESTION_MAX_LENGTH}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Group justify="flex-end" mt="xs">
            <Button
              type="submit"
              disabled={chat.status !== 'ready' || !question.trim() || chat.answering !== null}
            >
              Send
            </Button>
          </Group>
        </form>
      </Drawer>
    </>
  );
}

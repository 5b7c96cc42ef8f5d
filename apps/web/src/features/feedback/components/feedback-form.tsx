import { messages } from '@baletrack/contracts/errors/messages';
import {
  FEEDBACK_DETAILS_MAX_LENGTH,
  type FeedbackRequest,
  feedbackRequestSchema,
} from '@baletrack/contracts/feedback/feedback';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSendFeedback } from '@/features/feedback/api/send-feedback';
import { useCurrentUser } from '@/features/users';
import { isApiError } from '@/lib/api-client';

type FormValues = z.input<typeof feedbackRequestSchema>;

/** Bug or feature, with name and email filled in for the signed-in user. */
export function FeedbackForm() {
  const send = useSendFeedback();
  const currentUser = useCurrentUser();
  const form = useForm<FormValues, unknown, FeedbackRequest>({
    resolver: zodResolver(feedbackRequestSchema),
    defaultValues: { type: 'bug', name: '', email: '', details: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const user = currentUser.data;

  // Filled in once the user is known, unless already typed over.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name')) form.setValue('name', user.name ?? '');
    if (!form.getValues('email')) form.setValue('email', user.email);
  }, [user, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: 'Thank you: your feedback was sent.' });
    form.reset({ ...input, details: '' });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Send feedback">
      <Stack gap="sm">
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(send.error, 400, 429) ? send.error.message : messages.feedback.sendFailed}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Input.Wrapper label="Type">
              <SegmentedControl
                aria-label="Type"
                fullWidth
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'bug', label: 'Bug' },
                  { value: 'feature', label: 'Feature' },
                ]}
              />
            </Input.Wrapper>
          )}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </Group>
        <Textarea
          label="Details"
          description="For a bug: what you did, what you expected and what happened instead."
          autosize
          minRows={5}
          maxLength={FEEDBACK_DETAILS_MAX_LENGTH}
          error={errors.details?.message}
          {...form.register('details')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { type AddLoadBales, loadDetailsSchema } from '@baletrack/contracts/loads/loads';
import { Alert, Anchor, Button, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { addLoadBales } from '@/features/loads/api/add-load-bales';
import { createLoad } from '@/features/loads/api/create-load';
import { useLoads } from '@/features/loads/api/get-loads';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { AddedBalesResult } from '@/features/loads/components/added-bales-result';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatCount } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

/** The select's value for "a new load", which no load id can be. */
const NEW_LOAD = 'new';

type Target = { id: string; name: string } | { name: string };

/** The bales to add: a stack's, by uid, or every bale lying in an area drawn on the map. */
export type LoadPick = { uids: string[] } | { box: NonNullable<AddLoadBales['box']> };

/**
 * Into an open load, or a new one made with just its name first (`onCreated` hears of it, so a
 * retry after a failed add goes to that load instead of making another).
 */
async function addToLoad(target: Target, pick: LoadPick, onCreated: (id: string) => void) {
  const load =
    'id' in target
      ? target
      : await createLoad(loadDetailsSchema.parse({ name: target.name })).then((created) => {
          onCreated(created.id);
          return created;
        });
  return { load: { id: load.id, name: load.name }, result: await addLoadBales(load.id, pick) };
}

interface AddToLoadProps {
  /** A stack's bales, as its panel lists them, or an area's, counted only once added. */
  pick: LoadPick;
}

/**
 * "Add to a load" from the map (owner or manager): a stack's or an area's bales into one of the
 * open loads or a new one, then what was added and a link to the load.
 */
export function AddToLoad({ pick }: AddToLoadProps) {
  const [opened, setOpened] = useState(false);
  const loads = useLoads({ enabled: opened });
  const openLoads = (loads.data?.loads ?? []).filter((l) => l.status === 'open');
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (target: Target) => addToLoad(target, pick, setChoice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
  // Until one is picked: the newest open load, or a new one when none is open (or unreadable).
  const chosen = choice ?? (loads.isPending ? null : (openLoads[0]?.id ?? NEW_LOAD));

  if (!opened) {
    return (
      <Button
        variant="light"
        size="xs"
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Add to a load
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    if (chosen === null) return;
    if (chosen === NEW_LOAD) {
      const name = loadDetailsSchema.shape.name.safeParse(newName);
      if (!name.success) {
        setProblem(name.error.issues[0]?.message ?? 'Name the new load.');
        return;
      }
      setProblem(null);
      add.mutate({ name: name.data });
      return;
    }
    const load = openLoads.find((l) => l.id === chosen);
    if (load) add.mutate({ id: load.id, name: load.name });
  };

  const done = add.data;
  return (
    <form onSubmit={submit} noValidate aria-label="Add to a load">
      <Stack gap="xs">
        <Select
          label="Load"
          placeholder={loads.isPending ? 'Loading the loads…' : undefined}
          data={[
            ...openLoads.map((l) => ({ value: l.id, label: l.name })),
            { value: NEW_LOAD, label: 'A new load…' },
          ]}
          value={chosen}
          onChange={(value) => {
            setChoice(value);
            add.reset();
          }}
          allowDeselect={false}
          disabled={loads.isPending}
          description="Open loads only: reopen a ready load to add to it."
        />
        {chosen === NEW_LOAD && (
          <TextInput
            label="New load's name"
            value={newName}
            onChange={(event) => setNewName(event.currentTarget.value)}
            error={problem}
          />
        )}
        {loads.isError && (
          <Alert color="red" variant="light" role="alert" py={6}>
            The loads could not be loaded. Try again in a moment.
          </Alert>
        )}
        {add.isError && (
          <Alert color="red" variant="light" role="alert" py={6}>
            {changeErrorMessage(add.error, 'Failed to add the bales to the load.')}
          </Alert>
        )}
        <Button
          type="submit"
          size="xs"
          loading={add.isPending}
          disabled={chosen === null}
          style={{ alignSelf: 'flex-start' }}
        >
          {'uids' in pick
            ? `Add ${formatCount(pick.uids.length, 'bale', 'bales')}`
            : 'Add the bales in this area'}
        </Button>
        {done && (
          <AddedBalesResult result={done.result}>
            <Anchor component={Link} to={`${routePaths.loads}/${done.load.id}`} size="sm">
              Go to {done.load.name}
            </Anchor>
          </AddedBalesResult>
        )}
      </Stack>
    </form>
  );
}

import {
  type BalerWithKey,
  type RegisterBalerRequest,
  registerBalerRequestSchema,
  vinSchema,
} from '@baletrack/contracts/balers/baler';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useRegisterBaler } from '@/features/balers/api/register-baler';
import { useValidateBaler } from '@/features/balers/api/validate-baler';
import { OwnerOnly } from '@/features/balers/components/owner-only';
import { acmVerdict } from '@/features/balers/utils/baler-dates';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

const emptyForm = { vin: '', name: '' };

interface RegisterBalerFormProps {
  /** Sub-users see the form, disabled. */
  canModify: boolean;
  /** Called with the new baler and its ingest key, which the caller shows once. */
  onRegistered: (result: BalerWithKey) => void;
}

/**
 * Registers a baler by VIN and name. The VIN's format is checked here with the contract's
 * schema; "Check VIN" asks the connectivity provider (GET /machines/validate) before anything is
 * stored, and registering asks it again on the server, so both answer in the same words.
 */
export function RegisterBalerForm({ canModify, onRegistered }: RegisterBalerFormProps) {
  const register = useRegisterBaler();
  const validate = useValidateBaler();
  const form = useForm<z.input<typeof registerBalerRequestSchema>, unknown, RegisterBalerRequest>({
    resolver: zodResolver(registerBalerRequestSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;
  const typedVin = useWatch({ control: form.control, name: 'vin' });
  // A verdict belongs to the VIN it was given for; typing another one hides it.
  const verdict =
    validate.data && validate.data.vin === vinSchema.safeParse(typedVin).data
      ? validate.data
      : undefined;
  const refusal = register.error ?? (validate.isError ? validate.error : null);

  const check = async () => {
    register.reset();
    validate.reset();
    if (!(await form.trigger('vin'))) return;
    validate.mutate(vinSchema.parse(form.getValues('vin')));
  };

  const submit = form.handleSubmit(async (input) => {
    validate.reset();
    let result: BalerWithKey;
    try {
      result = await register.mutateAsync(input);
    } catch {
      return; // shown from the mutation's error below
    }
    // The key lives only in the caller's dialog from here on.
    register.reset();
    form.reset(emptyForm);
    onRegistered(result);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register a baler">
      {refusal && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {balerErrorMessage(refusal)}
        </Alert>
      )}
      {verdict && (
        <Alert color="green" variant="light" role="status" mb="sm">
          {acmVerdict(verdict, new Date())}
        </Alert>
      )}
      <Group align="flex-start" gap="sm">
        <TextInput
          label="VIN"
          description="17 characters, as on the baler's plate"
          autoComplete="off"
          disabled={!canModify}
          error={errors.vin?.message}
          styles={{ input: { fontFamily: 'monospace', textTransform: 'uppercase' } }}
          style={{ flex: 2, minWidth: 220 }}
          {...form.register('vin')}
        />
        <TextInput
          label="Name"
          description="What your crew calls it"
          autoComplete="off"
          disabled={!canModify}
          error={errors.name?.message}
          style={{ flex: 1, minWidth: 160 }}
          {...form.register('name')}
        />
      </Group>
      <Group gap="xs" mt="sm">
        <OwnerOnly allowed={canModify}>
          <Button
            variant="default"
            disabled={!canModify}
            loading={validate.isPending}
            onClick={() => void check()}
          >
            Check VIN
          </Button>
        </OwnerOnly>
        <OwnerOnly allowed={canModify}>
          <Button type="submit" disabled={!canModify} loading={isSubmitting}>
            Register
          </Button>
        </OwnerOnly>
      </Group>
    </form>
  );
}

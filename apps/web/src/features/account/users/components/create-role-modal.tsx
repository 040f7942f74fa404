import { type CreateRoleRequest, createRoleRequestSchema } from '@bhada/contracts/account/users';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/query-state.tsx';
import { fieldErrorFrom, zodResolver } from '../../../../lib/form.ts';
import { toast } from '../../../../lib/notify.ts';
import { translateValidation } from '../../../../lib/validation-messages.ts';
import { useCreateRole } from '../api/create-role.ts';
import { usePermissionGroups } from '../api/get-permission-groups.ts';
import { PermissionChecklist } from './permission-checklist.tsx';

/** Mounted only while open, so the permission catalogue is fetched when someone creates a role. */
export function CreateRoleModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const groups = usePermissionGroups();
  const createRole = useCreateRole();
  const form = useForm<CreateRoleRequest>({
    initialValues: { name: '', permissions: [] },
    validate: zodResolver(createRoleRequestSchema, (m) => translateValidation(t, m) ?? m),
  });

  const close = onClose;

  const submit = form.onSubmit(async (values) => {
    try {
      await createRole.mutateAsync(createRoleRequestSchema.parse(values));
      toast({ msg: t('users:roleCreated') });
      close();
    } catch (error) {
      const fieldError = fieldErrorFrom(error, ['name', 'permissions']);
      if (fieldError) form.setErrors(fieldError);
    }
  });

  return (
    <Modal opened onClose={close} title={t('users:createRole')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {createRole.isError && !fieldErrorFrom(createRole.error, ['name', 'permissions']) ? (
            <Alert color="red" role="alert">
              {createRole.error.message}
            </Alert>
          ) : null}
          <TextInput label={t('users:roleName')} withAsterisk {...form.getInputProps('name')} />
          <QueryState query={groups}>
            {(data) => (
              <PermissionChecklist
                groups={data}
                value={form.values.permissions}
                onChange={(value) => form.setFieldValue('permissions', value)}
                error={typeof form.errors.permissions === 'string' ? form.errors.permissions : undefined}
              />
            )}
          </QueryState>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={createRole.isPending}>
              {t('users:createRole')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { type AddSubordinateRequest, addSubordinateRequestSchema } from '@bhada/contracts/account/users';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { ForbiddenState, QueryState } from '../../../../components/query-state.tsx';
import { fieldErrorFrom, zodResolver } from '../../../../lib/form.ts';
import { toast } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { translateValidation } from '../../../../lib/validation-messages.ts';
import { useAddSubordinate } from '../api/add-subordinate.ts';
import { useRoles } from '../api/get-roles.ts';

const FIELDS = ['name', 'phone', 'email', 'roleId'] as const;

/** spec: fastag §2.1 /portal/ums/add-user — POST /api/user/addSubordinate/v2. */
export function AddUserPage() {
  const { t } = useTranslation(['users', 'common']);
  usePageTitle(t('users:addUser'));
  const navigate = useNavigate();
  // a role without user management sees why instead of a form that ends in a 403 (issue 16 point 4)
  const allowed = useSessionAccess().can('USERS_MANAGE');
  const roles = useRoles(allowed);
  const addSubordinate = useAddSubordinate();
  const form = useForm<{ name: string; phone: string; email: string; roleId: string }>({
    initialValues: { name: '', phone: '', email: '', roleId: '' },
    validate: zodResolver(addSubordinateRequestSchema, (m) => translateValidation(t, m) ?? m),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const body: AddSubordinateRequest = addSubordinateRequestSchema.parse(values);
      await addSubordinate.mutateAsync(body);
      toast({ msg: t('users:userAdded') });
      await navigate(paths.ums);
    } catch (error) {
      const fieldError = fieldErrorFrom(error, FIELDS);
      if (fieldError) form.setErrors(fieldError);
    }
  });

  const serverError = addSubordinate.isError && !fieldErrorFrom(addSubordinate.error, FIELDS) ? addSubordinate.error.message : undefined;

  return (
    <Stack maw={520}>
      <BackHeader title={t('users:addUser')} to={paths.ums} />
      {allowed ? (
        <QueryState query={roles}>
          {(data) =>
            data.length === 0 ? (
              <Alert color="yellow" title={t('users:noRolesYet')}>
                <Text size="sm" mb="xs">
                  {t('users:createRoleFirst')}
                </Text>
                <Anchor component={Link} to={`${paths.ums}?tab=roles`} size="sm">
                  {t('users:goToRoles')}
                </Anchor>
              </Alert>
            ) : (
              <Paper withBorder p="md" radius="md">
                <form onSubmit={submit} noValidate>
                  <Stack>
                    {serverError ? (
                      <Alert color="red" role="alert">
                        {serverError}
                      </Alert>
                    ) : null}
                    <TextInput label={t('users:form.name')} withAsterisk autoComplete="name" {...form.getInputProps('name')} />
                    <TextInput
                      label={t('users:form.phone')}
                      withAsterisk
                      inputMode="numeric"
                      maxLength={10}
                      leftSection={<Text size="sm">+91</Text>}
                      {...form.getInputProps('phone')}
                      onChange={(e) => form.setFieldValue('phone', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
                    />
                    <TextInput label={t('users:form.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
                    <Select
                      label={t('users:form.role')}
                      placeholder={t('users:form.rolePlaceholder')}
                      withAsterisk
                      data={data.map((role) => ({ value: role.roleId, label: role.name }))}
                      {...form.getInputProps('roleId')}
                      onChange={(value) => form.setFieldValue('roleId', value ?? '')}
                    />
                    <Group justify="flex-end">
                      <Button variant="default" component={Link} to={paths.ums}>
                        {t('common:cancel')}
                      </Button>
                      <Button type="submit" loading={addSubordinate.isPending}>
                        {t('users:form.submit')}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </Paper>
            )
          }
        </QueryState>
      ) : (
        <ForbiddenState />
      )}
    </Stack>
  );
}

export default AddUserPage;

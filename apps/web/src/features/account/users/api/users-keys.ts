/** Every query key of the users area is rooted at 'users', so one invalidation can reach them all. */
export const usersKeys = {
  all: ['users'] as const,
  subordinates: () => [...usersKeys.all, 'subordinates'] as const,
  roles: () => [...usersKeys.all, 'roles'] as const,
  permissionGroups: () => [...usersKeys.all, 'permission-groups'] as const,
};

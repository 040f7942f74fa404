/** Query keys of the account area, rooted at the domain. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  config: () => [...accountKeys.all, 'config'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
  declarations: () => [...accountKeys.all, 'declarations'] as const,
  search: (text: string) => [...accountKeys.all, 'search', text] as const,
};

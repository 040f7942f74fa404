import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { renderApp } from '../test/render.tsx';
import { queryClientWithSession } from '../test/session.ts';
import { ForbiddenState } from './query-state.tsx';

describe('forbidden state', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('tells a subordinate to ask its account owner', () => {
    renderApp(<ForbiddenState />, { queryClient: queryClientWithSession('SUBORDINATE', []) });
    expect(screen.getByText('Ask your account owner to give your role this permission.')).toBeInTheDocument();
  });

  it('does not tell an admin to ask an account owner it does not have', () => {
    renderApp(<ForbiddenState />, { queryClient: queryClientWithSession('ADMIN', []) });
    expect(screen.queryByText(/account owner/)).toBeNull();
    expect(screen.queryByText('Your role does not allow this')).toBeNull();
    expect(screen.getByText('This page is not part of your kind of account.')).toBeInTheDocument();
  });
});

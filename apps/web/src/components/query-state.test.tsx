import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { setLanguage } from '../lib/i18n.ts';
import { renderApp } from '../test/render.tsx';
import { queryClientWithSession } from '../test/session.ts';
import { ForbiddenState, QueryState } from './query-state.tsx';

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

const failed = (error: unknown) => ({ data: undefined, isPending: false, isError: true, error, refetch: vi.fn() });

describe('QueryState', () => {
  it('says a 404 in the reader’s language, not the server’s English message, and offers no retry', async () => {
    await setLanguage('hi');
    try {
      renderApp(<QueryState query={failed(new ApiError(404, 'NOT_FOUND', 'Load not found'))}>{() => null}</QueryState>);
      expect(screen.getByText('यह उपलब्ध नहीं है, या इसे देखने की अनुमति आपको नहीं है।')).toBeInTheDocument();
      expect(screen.queryByText('Load not found')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });

  it('offers a retry for other failures', async () => {
    await setLanguage('en');
    renderApp(<QueryState query={failed(new ApiError(500, 'INTERNAL', 'Boom'))}>{() => null}</QueryState>);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

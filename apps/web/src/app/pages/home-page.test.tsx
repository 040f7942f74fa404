import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '../../lib/storage.ts';
import { renderApp } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

describe('home page', () => {
  afterEach(() => storage.clearSession());

  it('greets an operator and opens its areas', async () => {
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Rajesh Kumar', operatorId: 'OP1001' });
    const { user } = renderApp(<HomePage />);
    expect(screen.getByText('Namaste, Rajesh Kumar')).toBeInTheDocument();
    for (const title of ['Active loads', 'My trips', 'Fastag', 'Add money', 'Users and roles'])
      expect(screen.getByText(title)).toBeInTheDocument();
    await user.click(screen.getByText('Add money'));
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/wallet/add-money');
  });

  it('shows a consigner the loads it posts, not the operator areas', () => {
    storage.setMany({ accessToken: 't', menuType: 'CONSIGNER', name: 'Vikram Rathore' });
    renderApp(<HomePage />);
    expect(screen.getByText('Post a load')).toBeInTheDocument();
    expect(screen.queryByText('Fastag')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { FeedbackWidget } from './feedback-widget.tsx';

const server = setupMswServer();
const SURVEY = {
  surveyId: 'SRV1',
  title: { en: 'How are we doing?', hi: 'हम कैसा कर रहे हैं?' },
  questions: [{ questionId: 'q1', kind: 'RATING', text: { en: 'Rate us', hi: 'रेटिंग दें' }, options: [], required: true }],
};

describe('the feedback widget', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('opens the survey while there is one to answer', async () => {
    server.use(
      mswHttp.get('*/api/odin/operator-web/survey/question-response', () => HttpResponse.json(ok({ survey: SURVEY, answered: false }))),
    );
    renderApp(<FeedbackWidget enabled />);
    expect(await screen.findByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', '/web-view/survey');
  });

  it('is gone once answered, and asks nothing when the config turns it off', async () => {
    let asked = 0;
    server.use(
      mswHttp.get('*/api/odin/operator-web/survey/question-response', () => {
        asked++;
        return HttpResponse.json(ok({ survey: null, answered: true }));
      }),
    );
    const view = renderApp(<FeedbackWidget enabled />);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(1);
    expect(screen.queryByRole('link', { name: 'Give feedback' })).not.toBeInTheDocument();
    view.unmount();
    renderApp(<FeedbackWidget enabled={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(1);
  });
});

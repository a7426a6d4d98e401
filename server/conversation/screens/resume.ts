// A phone that dials again within 10 minutes of an unfinished journey may pick it up where it stopped.
import type { Screen } from '../types';
import { invalidChoice } from './helpers';

export const resume: Screen<'resume'> = {
  async render(ctx) {
    return {
      title: ctx.t('resume.title'),
      actions: [
        { key: '1', label: ctx.t('resume.continue') },
        { key: '2', label: ctx.t('resume.restart') },
      ],
      noNav: true,
    };
  },

  async handle(ctx, _state, { text }) {
    const saved = ctx.session.resumable;
    if (text === '1' && saved) {
      ctx.session.resumable = undefined;
      ctx.session.stack = saved.stack;
      return { type: 'go', to: saved.current, how: 'replace' };
    }
    if (text === '2' || (text === '1' && !saved)) {
      ctx.session.resumable = undefined;
      return { type: 'enter' };
    }
    return invalidChoice(ctx);
  },
};

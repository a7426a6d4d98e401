// A phone that dials again within 10 minutes of an unfinished journey may pick it up where it stopped.
import type { Screen } from '../types';
import { invalidChoice } from './helpers';
import { menuActions, menuChoice } from './menu';

export const resume: Screen<'resume'> = {
  async render(ctx) {
    return {
      title: ctx.t('resume.title'),
      actions: menuActions('resume', ctx.t),
      noNav: true,
    };
  },

  async handle(ctx, _state, { text }) {
    // With nothing left to continue (it expired meanwhile), Continue starts afresh too.
    const chosen = menuChoice('resume', text);
    if (chosen?.to === 'journey') return { type: 'resume' };
    if (chosen) return { type: 'enter', set: { dropJourney: true } };
    return invalidChoice(ctx);
  },
};

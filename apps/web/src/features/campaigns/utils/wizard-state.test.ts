import { describe, expect, it } from 'vitest';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';
import { DEFAULT_DETAILS, EMPTY_AD } from './wizard-values';

const fresh = (): WizardState =>
  initialWizardState({ step: 1, draftId: null, templateId: null, details: DEFAULT_DETAILS, ad: EMPTY_AD });

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

describe('the wizard reducer', () => {
  it('starts with no messages shown and nothing waiting to be written', () => {
    expect(fresh()).toMatchObject({ showDetailErrors: false, showAdErrors: false, saving: false });
    expect(fresh().serverDetailErrors).toEqual({});
  });

  it('keeps an edit, waits to write it, and drops the server messages of that step only', () => {
    const refused = run(
      fresh(),
      { type: 'details-refused', errors: { campaign_name: 'Taken' } },
      { type: 'ad-refused', errors: { ad_title: 'Too long' } },
    );
    const edited = run(refused, { type: 'details-changed', change: { campaign_name: 'Boots' } });
    expect(edited.details).toEqual({ ...DEFAULT_DETAILS, campaign_name: 'Boots' });
    expect(edited.saving).toBe(true);
    expect(edited.serverDetailErrors).toEqual({});
    expect(edited.serverAdErrors).toEqual({ ad_title: 'Too long' });
    expect(run(edited, { type: 'edits-written' }).saving).toBe(false);
  });

  it('clears the ad step server messages when its texts change or files are added', () => {
    const refused = run(fresh(), { type: 'ad-refused', errors: { media: 'Bad file' } });
    expect(run(refused, { type: 'files-added' }).serverAdErrors).toEqual({});
    const edited = run(refused, { type: 'ad-changed', change: { ad_title: 'New' } });
    expect(edited.serverAdErrors).toEqual({});
    expect(edited.ad.ad_title).toBe('New');
    expect(edited.saving).toBe(true);
  });

  it('shows the form messages once the user tried to leave a step', () => {
    expect(run(fresh(), { type: 'leave-details-tried' }).showDetailErrors).toBe(true);
    expect(run(fresh(), { type: 'leave-ad-tried' }).showAdErrors).toBe(true);
  });

  it('moves on as each step is saved, back on request, and to the confirmation once published', () => {
    const saved = run(fresh(), { type: 'details-saved', draftId: 7 });
    expect(saved).toMatchObject({ step: 2, draftId: 7 });
    const adSaved = run(saved, { type: 'ad-saved', templateId: 3 });
    expect(adSaved).toMatchObject({ step: 3, draftId: 7, templateId: 3 });
    expect(run(adSaved, { type: 'went-to', step: 1 }).step).toBe(1);
    expect(run(adSaved, { type: 'published' }).step).toBe(4);
  });
});

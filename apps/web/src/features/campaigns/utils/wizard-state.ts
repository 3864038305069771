import type { AdValues, DetailsErrors, DetailsValues } from './wizard-values';

/** 1 to 3 are the steps the stepper shows; 4 is the confirmation after publishing. */
export type WizardStep = 1 | 2 | 3 | 4;

export type AdErrors = Partial<Record<keyof AdValues | 'media', string>>;

/**
 * What the new-campaign wizard holds between renders (docs/product/campaigns.md, New-campaign
 * wizard). The files are apart, in `useMediaUploads`, since they change as uploads progress.
 */
export interface WizardState {
  step: WizardStep;
  /** The server's draft once step 1 is saved; null before. */
  draftId: number | null;
  /** The draft's ad once step 2 is saved; null before. */
  templateId: number | null;
  details: DetailsValues;
  ad: AdValues;
  /** The form's own messages show once the user tried to leave the step, not while typing. */
  showDetailErrors: boolean;
  showAdErrors: boolean;
  /** The server's 422 messages for a step, until its values change. */
  serverDetailErrors: DetailsErrors;
  serverAdErrors: AdErrors;
  /** An edit not yet written to this browser's copy: the footer says "Saving changes...". */
  saving: boolean;
}

export type WizardAction =
  | { type: 'details-changed'; change: Partial<DetailsValues> }
  | { type: 'ad-changed'; change: Partial<AdValues> }
  | { type: 'files-added' }
  | { type: 'edits-written' }
  | { type: 'leave-details-tried' }
  | { type: 'details-refused'; errors: DetailsErrors }
  | { type: 'details-saved'; draftId: number }
  | { type: 'leave-ad-tried' }
  | { type: 'ad-refused'; errors: AdErrors }
  | { type: 'ad-saved'; templateId: number }
  | { type: 'published' }
  | { type: 'went-to'; step: 1 | 2 | 3 };

/** Where the wizard starts: a step and the values, from the server's draft and this browser's edits. */
export type WizardStart = Pick<WizardState, 'step' | 'draftId' | 'templateId' | 'details' | 'ad'>;

export function initialWizardState({ step, draftId, templateId, details, ad }: WizardStart): WizardState {
  return {
    step,
    draftId,
    templateId,
    details,
    ad,
    showDetailErrors: false,
    showAdErrors: false,
    serverDetailErrors: {},
    serverAdErrors: {},
    saving: false,
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'details-changed':
      return { ...state, details: { ...state.details, ...action.change }, serverDetailErrors: {}, saving: true };
    case 'ad-changed':
      return { ...state, ad: { ...state.ad, ...action.change }, serverAdErrors: {}, saving: true };
    case 'files-added':
      return { ...state, serverAdErrors: {} };
    case 'edits-written':
      return { ...state, saving: false };
    case 'leave-details-tried':
      return { ...state, showDetailErrors: true };
    case 'details-refused':
      return { ...state, serverDetailErrors: action.errors };
    case 'details-saved':
      return { ...state, draftId: action.draftId, step: 2 };
    case 'leave-ad-tried':
      return { ...state, showAdErrors: true };
    case 'ad-refused':
      return { ...state, serverAdErrors: action.errors };
    case 'ad-saved':
      return { ...state, templateId: action.templateId, step: 3 };
    case 'published':
      return { ...state, step: 4 };
    case 'went-to':
      return { ...state, step: action.step };
  }
}

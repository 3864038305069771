import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStepFocus } from './use-step-focus';

/** Steps that replace one another in place, as the wizard's do. */
function Steps({ step }: { step: number | undefined }) {
  const container = useStepFocus<HTMLDivElement>(step);
  return (
    <div ref={container} tabIndex={-1} aria-label="Steps">
      {step === 1 && <input aria-label="Name" data-autofocus />}
      {step === 2 && <p>A step with nothing to fill in</p>}
      {step === 3 && (
        <>
          <input aria-label="Before" />
          <h2 tabIndex={-1} data-autofocus>
            Third step
          </h2>
        </>
      )}
    </div>
  );
}

describe('useStepFocus', () => {
  it('takes no focus for the step the page opens on', () => {
    render(<Steps step={1} />);
    expect(document.body).toHaveFocus();
  });

  it('takes no focus for the first step shown after loading', () => {
    const { rerender } = render(<Steps step={undefined} />);
    rerender(<Steps step={1} />);
    expect(document.body).toHaveFocus();
  });

  it('moves the focus to what the new step marks, else to the container', () => {
    const { rerender } = render(<Steps step={1} />);
    rerender(<Steps step={3} />);
    expect(screen.getByRole('heading', { name: 'Third step' })).toHaveFocus();
    rerender(<Steps step={2} />);
    expect(screen.getByLabelText('Steps')).toHaveFocus();
    rerender(<Steps step={1} />);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('leaves the focus where it is while the step stays the same', () => {
    const { rerender } = render(<Steps step={1} />);
    rerender(<Steps step={3} />);
    screen.getByLabelText('Before').focus();
    rerender(<Steps step={3} />);
    expect(screen.getByLabelText('Before')).toHaveFocus();
  });
});

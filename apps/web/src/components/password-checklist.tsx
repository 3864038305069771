import { VisuallyHidden, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_RULES } from '@portal/contract';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import classes from './password-checklist.module.css';
import { PasswordField } from './password-field';
import status from './status-colors.module.css';

/**
 * Props for a PasswordInput that carries the checklist as its description: the input is then
 * described by it, and the list (a div, not Mantine's default paragraph) sits under the field.
 */
const NEW_PASSWORD_CHECKLIST_PROPS: Pick<PasswordInputProps, 'inputWrapperOrder' | 'descriptionProps'> = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
  descriptionProps: { component: 'div' },
};

/**
 * The live checklist documented in docs/product/accounts.md under a new-password field. Each rule's test is the
 * contract's, so a ticked list is a password the server accepts (common passwords aside).
 * The icon's shape, not only its colour, tells met from unmet; screen readers hear the state.
 */
export function PasswordChecklist({ value }: { value: string }) {
  return (
    <ul className={classes.list} aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.label} className={`${classes.item} ${met ? status.ok : ''}`} data-met={met || undefined}>
            {met ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
            {rule.label}
            <VisuallyHidden>{met ? ': done' : ': not yet'}</VisuallyHidden>
          </li>
        );
      })}
    </ul>
  );
}

/** A new-password field with the checklist under it, kept in step with what is typed. */
export function NewPasswordField(props: Omit<PasswordInputProps, 'value'> & { value?: string }) {
  return (
    <PasswordField
      autoComplete="new-password"
      {...NEW_PASSWORD_CHECKLIST_PROPS}
      description={<PasswordChecklist value={props.value ?? ''} />}
      {...props}
    />
  );
}

import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Button, FileButton, Input, Text, TextInput, Textarea } from '@mantine/core';
import { useId } from 'react';
import { ABOUT_MAX, NAME_MAX, SLUG_MAX } from '../../../contracts/onboarding';
import type { AboutForm } from '../../machines/onboarding/onboarding-forms';
import type { StepFieldsProps } from './onboarding-fields';
import { ABOUT_LABELS as LABELS } from './onboarding-labels';
import classes from './onboarding.module.css';

const LOGO_TYPES = 'image/png,image/jpeg,image/webp';

type AboutProps = StepFieldsProps<AboutForm> & {
  /** The store URL's fixed prefix host (the page's own). */
  host: string;
  uploading: boolean;
  logoError: string | null;
};

/** About (spec sections 2 and 5): name, description, store URL with its fixed prefix, logo. */
export function AboutFields({ form, errors, send, host, uploading, logoError }: AboutProps) {
  const edit = (patch: Partial<AboutForm>) => send({ type: 'field.change', step: 'about', patch });
  const slugId = useId();
  const prefixId = useId();
  const slugHintId = useId();
  const slugErrorId = useId();
  // Mantine would describe the slug by its hint and error alone; the fixed prefix belongs too.
  const slugDescribedBy = [prefixId, errors.slug ? slugErrorId : null, slugHintId].filter(Boolean).join(' ');
  return (
    <>
      <TextInput
        label={LABELS.name}
        required
        maxLength={NAME_MAX}
        value={form.name}
        onChange={(event) => edit({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label={LABELS.about}
        description="A few words guests see on your store page."
        rows={4}
        maxLength={ABOUT_MAX}
        value={form.about}
        onChange={(event) => edit({ about: event.currentTarget.value })}
        error={errors.about}
      />
      <Input.Wrapper
        label={LABELS.slug}
        required
        id={slugId}
        description="Letters, digits and hyphens only."
        descriptionProps={{ id: slugHintId }}
        error={errors.slug}
        errorProps={{ id: slugErrorId }}
      >
        <div className={classes.prefixed}>
          <span className={classes.prefix} id={prefixId} title={`${host}/`}>
            {host}/
          </span>
          <Input
            id={slugId}
            className={classes.prefixedInput}
            attributes={{ input: { 'aria-describedby': slugDescribedBy } }}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={SLUG_MAX}
            placeholder="your-restaurant"
            value={form.slug}
            onChange={(event) => edit({ slug: event.currentTarget.value })}
            error={Boolean(errors.slug)}
          />
        </div>
      </Input.Wrapper>
      <Input.Wrapper label={LABELS.logo_url} description="PNG, JPEG or WebP; we fit it inside 512 × 512." error={errors.logo_url}>
        <div className={classes.logo}>
          <div className={classes.logoPreview}>
            {form.logo_url ? <img src={form.logo_url} alt="Logo preview" /> : <Text size="xs">No logo</Text>}
          </div>
          <div className={classes.logoActions}>
            <FileButton accept={LOGO_TYPES} onChange={(file) => file && send({ type: 'logo.upload', file })}>
              {(props) => (
                <Button {...props} variant="default" loading={uploading}>
                  {form.logo_url ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {form.logo_url && !uploading ? (
              <Button variant="subtle" color="gray" size="compact-sm" onClick={() => edit({ logo_url: '' })}>
                Remove logo
              </Button>
            ) : null}
          </div>
        </div>
        {logoError ? (
          <Text role="alert" c="red" size="sm" mt={6}>
            {logoError}
          </Text>
        ) : null}
      </Input.Wrapper>
    </>
  );
}

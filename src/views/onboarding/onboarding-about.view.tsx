import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Button, FileButton, Input, Text, TextInput, Textarea } from '@mantine/core';
import { useId } from 'react';
import { ABOUT_MAX, NAME_MAX, SLUG_MAX } from '../../../contracts/onboarding';
import type { AboutForm } from '../../machines/onboarding/onboarding-forms';
import type { StepFieldsProps } from './onboarding-fields';
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
  return (
    <>
      <TextInput
        label="Restaurant name"
        required
        maxLength={NAME_MAX}
        value={form.name}
        onChange={(event) => edit({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label="Description"
        description="A few words guests see on your store page."
        rows={4}
        maxLength={ABOUT_MAX}
        value={form.about}
        onChange={(event) => edit({ about: event.currentTarget.value })}
        error={errors.about}
      />
      <Input.Wrapper
        label="Store URL"
        required
        id={slugId}
        description="Letters, digits and hyphens only."
        error={errors.slug}
      >
        <div className={classes.prefixed}>
          <span className={classes.prefix} id={prefixId} title={`${host}/`}>
            {host}/
          </span>
          <Input
            id={slugId}
            className={classes.prefixedInput}
            aria-describedby={prefixId}
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
      <Input.Wrapper label="Logo" description="PNG, JPEG or WebP; we fit it inside 512 × 512.">
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
          <Text role="alert" c="red.8" size="sm" mt={6}>
            {logoError}
          </Text>
        ) : null}
      </Input.Wrapper>
    </>
  );
}

import '@mantine/core/styles/Input.css';
import { Input, TextInput, Textarea } from '@mantine/core';
import { useId } from 'react';
import { ImageDropzone } from '../../components/image-dropzone';
import { ABOUT_MAX, NAME_MAX, SLUG_MAX } from '../../../contracts/onboarding';
import type { AboutForm } from '../../machines/onboarding/onboarding-forms';
import { textField, type StepFieldsProps } from './onboarding-fields';
import { ABOUT_LABELS as LABELS } from './onboarding-labels';
import classes from './onboarding.module.css';

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
      <TextInput label={LABELS.name} required maxLength={NAME_MAX} {...textField(form, errors, edit, 'name')} />
      <Textarea
        label={LABELS.about}
        description="A few words guests see on your store page."
        rows={4}
        maxLength={ABOUT_MAX}
        {...textField(form, errors, edit, 'about')}
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
            {...textField(form, errors, edit, 'slug')}
            // The sentence is the wrapper's; the input is only marked.
            error={Boolean(errors.slug)}
          />
        </div>
      </Input.Wrapper>
      <ImageDropzone
        label={LABELS.logo_url}
        currentUrl={form.logo_url || null}
        // The logo is sent as soon as it is picked: the step keeps its address, not the file.
        file={null}
        onFileChange={(file) => file && send({ type: 'logo.upload', file })}
        loading={uploading}
        note="We fit it inside 512 × 512."
        error={logoError ?? errors.logo_url ?? null}
        onRemove={() => edit({ logo_url: '' })}
      />
    </>
  );
}

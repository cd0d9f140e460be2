import type { UseFormReturnType } from '@mantine/form';
import type { TerritoryFormValues } from './territory-form';

/** The editor's form, as each section receives it. */
export type TerritoryForm = UseFormReturnType<TerritoryFormValues>;

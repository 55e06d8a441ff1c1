import type { SchemaCategory } from '../generated/api/engine.ts';
import { categoryValues } from '../generated/labels.ts';

// The app categories (HRIS, ATS, CRM, ...) are the contract's Category enum: its values, in the
// contract's order, and their labels (categoryLabels) are generated from it. The engine, the seed
// and the dashboard name them through this module.

/** An app category: a value of the contract's Category enum. */
export type Category = SchemaCategory;

/** Every category, in the contract's order: the order the catalog and every screen list them in. */
export const CATEGORIES: readonly Category[] = categoryValues;

/** Whether a stored or sent string is one of the categories. */
export const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

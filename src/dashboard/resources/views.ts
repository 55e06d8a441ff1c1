import type { ColumnDefinition, ResourceDefinition } from '../../generated/resources/types.ts';

// Lists whose operation serves several views (the contract's x-resource `views`): the view follows
// a filter's value, and each view hides the columns of fields only the other views' rows carry.

/** The view the filter values select (the view filter's default when unset); undefined without views. */
export function viewOf(definition: Pick<ResourceDefinition, 'views' | 'filters'>, filterValues: Readonly<Record<string, unknown>>): string | undefined {
  const views = definition.views ?? [];
  const first = views[0];
  if (!first) return undefined;
  const filter = definition.filters.find((candidate) => candidate.source === first.filter);
  const value = filterValues[first.filter] ?? filter?.default;
  return (views.find((view) => view.value === value) ?? first).name;
}

/** The columns of a named view, in the definition's order (all columns without views). */
export function columnsOfView<C extends ColumnDefinition>(definition: Pick<ResourceDefinition, 'views'> & { columns: readonly C[] }, name: string | undefined): C[] {
  const hidden = new Set<string>(definition.views?.find((view) => view.name === name)?.hide ?? []);
  return definition.columns.filter((column) => !column.source || !hidden.has(column.source));
}

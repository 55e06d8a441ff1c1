import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { choiceKey, loadCatalogApps, REQUESTED_CATEGORY, requestedApp } from '../catalogApps.ts';
import type { AppChoice, CatalogApp } from '../types.ts';

/** What ContractForm puts in rjsf's formContext for this widget. */
export interface AppsFormContext {
  catalogApps?: readonly CatalogApp[];
}

interface Option {
  key: string;
  label: string;
  category: string;
  choice: AppChoice;
  /** The "Request an app" entry built from the typed text. */
  request?: boolean;
}

const filter = createFilterOptions<Option>();
const isChoice = (v: unknown): v is AppChoice =>
  typeof v === 'string' || (!!v && typeof v === 'object' && typeof (v as { label?: unknown }).label === 'string');
const toOption = (app: CatalogApp): Option => ({ key: app.id, label: app.label, category: app.category, choice: app.id });

function useCatalog(given: readonly CatalogApp[] | undefined): readonly CatalogApp[] {
  const [loaded, setLoaded] = useState<readonly CatalogApp[]>([]);
  useEffect(() => {
    if (given) return;
    let live = true;
    // A failed catalog call is only logged (spec part 1 §7); the user can still request apps by name.
    loadCatalogApps().then((apps) => live && setLoaded(apps), (error: unknown) => console.error('app.appsList failed', error));
    return () => {
      live = false;
    };
  }, [given]);
  return given ?? loaded;
}

/**
 * `ui:widget: appsMultiSelect` (sign-up step 2): catalog apps from app.appsList, plus free text
 * that becomes a requested app `{ label, category: 'Requested' }`.
 */
export function AppsMultiSelectWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, placeholder, rawErrors, onChange, onBlur, onFocus, registry } = props;
  const catalog = useCatalog((registry.formContext as AppsFormContext | undefined)?.catalogApps);
  const options = useMemo(() => catalog.filter((app) => app.category !== REQUESTED_CATEGORY).map(toOption), [catalog]);
  const choices: AppChoice[] = Array.isArray(value) ? (value as unknown[]).filter(isChoice) : [];
  const selected: Option[] = choices.map((choice) => {
    if (typeof choice !== 'string') return { key: choiceKey(choice), label: choice.label, category: REQUESTED_CATEGORY, choice };
    const app = catalog.find((a) => a.id === choice);
    return app ? toOption(app) : { key: choice, label: choice, category: '', choice };
  });

  const commit = (next: readonly (Option | string)[]) => {
    const out: AppChoice[] = [];
    const keys = new Set<string>();
    for (const item of next) {
      const typed = typeof item === 'string' ? item : item.request ? item.label : null;
      const match = typed !== null ? options.find((o) => o.label.toLowerCase() === typed.trim().toLowerCase()) : undefined;
      const choice = typed === null ? (item as Option).choice : match ? match.choice : typed.trim() ? requestedApp(typed) : null;
      if (!choice || keys.has(choiceKey(choice))) continue;
      keys.add(choiceKey(choice));
      out.push(choice);
    }
    onChange(out.length ? out : undefined);
  };

  return (
    <Autocomplete<Option, true, false, true>
      id={id}
      multiple
      freeSolo
      options={options}
      value={selected}
      disabled={disabled || readonly}
      groupBy={(option) => option.category}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.key)}
      isOptionEqualToValue={(option, current) => option.key === (typeof current === 'string' ? current : current.key)}
      filterOptions={(all, state) => {
        const found = filter(all, state);
        const text = state.inputValue.trim();
        if (text && !all.some((o) => o.label.toLowerCase() === text.toLowerCase())) {
          found.push({ key: `request:${text}`, label: text, category: 'Request an app', choice: requestedApp(text), request: true });
        }
        return found;
      }}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <li key={key} {...rest}>
            {option.request ? `Request "${option.label}"` : option.label}
          </li>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const text = typeof option === 'string' ? option : option.label;
          return <Chip key={key} label={text} size="small" {...itemProps} />;
        })
      }
      onChange={(_, next) => commit(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} placeholder={placeholder} error={!!rawErrors?.length} />
      )}
    />
  );
}

import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef, type KeyboardEvent } from 'react';
import { categoryTags, type Category, type JourneyCategory, type OnboardingFlow } from '../../machines/onboarding/index.ts';
import { StepActions, StepHeader } from './StepHeader.tsx';

const TAG_COLORS = { Enabled: 'primary', Completed: 'success', 'In Progress': 'warning' } as const;

interface SelectCategoryStepProps {
  flow: OnboardingFlow;
  stepCount: number;
  categories: JourneyCategory[];
  chosen: Category | null;
  /** 'Enable Catgory' or 'Next'. */
  nextLabel: string;
  busy: boolean;
  onChoose: (category: Category) => void;
  onNext: () => void;
}

const stepsDone = (category: JourneyCategory) => category.steps.filter((step) => step.stepStatus).length;

/**
 * Select Category (spec part 1 §2, §4): every category with its tags (Enabled, Completed, In
 * Progress); the button reads 'Enable Catgory' for a category the step enables itself (not
 * enabled, no webhook step), else 'Next'. The cards are one radio group: arrow keys move the choice.
 */
export function SelectCategoryStep({ flow, stepCount, categories, chosen, nextLabel, busy, onChoose, onNext }: SelectCategoryStepProps) {
  const group = useRef<HTMLDivElement>(null);
  const index = categories.findIndex((category) => category.value === chosen);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || categories.length === 0) return;
    event.preventDefault();
    const next = (Math.max(index, 0) + step + categories.length) % categories.length;
    onChoose(categories[next].value);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <Box>
      <StepHeader
        eyebrow={`Step 1 of ${stepCount}`}
        title="Select Category"
        description={
          flow === 'webapp'
            ? 'Choose the kind of apps your customers connect. A category with data to sync continues with its webhook; one without is enabled right away.'
            : 'Choose the kind of apps your AI agents work with. Enabling the category makes its tools available to the toolkit.'
        }
      />
      <Box
        ref={group}
        role="radiogroup"
        aria-label="Categories"
        onKeyDown={onKeyDown}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {categories.map((category, i) => {
          const selected = category.value === chosen;
          const tags = categoryTags(category);
          return (
            <ButtonBase
              key={category.value}
              role="radio"
              aria-checked={selected}
              tabIndex={selected || (index < 0 && i === 0) ? 0 : -1}
              onClick={() => onChoose(category.value)}
              focusRipple
              data-category={category.value}
              sx={{
                display: 'flex', flexDirection: 'column', alignItems: 'stretch', textAlign: 'left', gap: 1, p: 1.75, minHeight: 84, borderRadius: 2,
                border: 1.5, borderColor: selected ? 'primary.main' : 'divider', bgcolor: selected ? 'rgba(79, 70, 229, 0.04)' : 'background.paper',
                '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main' },
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, flex: 1 }}>
                  {category.label}
                </Typography>
                {selected && <CheckRounded color="primary" fontSize="small" />}
              </Box>
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                {tags.map((tag) => (
                  <Chip key={tag} size="small" variant="outlined" color={TAG_COLORS[tag]} label={tag} />
                ))}
                {tags.length === 0 && (
                  <Typography variant="caption" component="span">
                    Not started
                  </Typography>
                )}
                {category.inProgress && !category.onBoardingCompleted && (
                  <Typography variant="caption" component="span">
                    {`${stepsDone(category)} of ${category.steps.length} steps done`}
                  </Typography>
                )}
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
      <StepActions hint={chosen ? undefined : 'Pick a category to continue.'}>
        <Button variant="contained" size="large" disabled={!chosen || busy} onClick={onNext} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {nextLabel}
        </Button>
      </StepActions>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  icon: ReactNode;
  description: ReactNode;
  /** Buttons at the header's right (below it on narrow screens). */
  action?: ReactNode;
  children: ReactNode;
}

/** One section of the page: an outlined card with an icon, a heading, what it is for, and its content. */
export function SectionCard({ title, icon, description, action, children }: SectionCardProps) {
  const headingId = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' }, flexDirection: { xs: 'column', sm: 'row' }, mb: 2.5 }}>
          <Box sx={{ display: 'flex', gap: 1.5, flex: 1, minWidth: 0 }}>
            <Box sx={{ width: 34, height: 34, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.main', backgroundColor: (t) => `${t.palette.primary.main}14` }}>
              {icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" id={headingId}>
                {title}
              </Typography>
              <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mt: 0.25 }}>
                {description}
              </Typography>
            </Box>
          </Box>
          {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

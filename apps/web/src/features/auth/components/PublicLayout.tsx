import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { ThemeToggle } from '../../../shared/ui/ThemeToggle';

/** The frame of every public screen: theme toggle top-right, a centred card with logo, title and subtitle. */
export function PublicLayout({
  children,
  title = 'Arbitraje USD/VES',
  subtitle = 'Sistema de seguimiento de operaciones',
}: {
  children: ReactNode;
  title?: string;
  subtitle?: string;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 6, position: 'relative' }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <ThemeToggle color="default" />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 460 }} elevation={3}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box sx={{ textAlign: 'center', mb: 2 }}>
            <Box component="img" src="/icon.svg" alt="" width={64} height={64} sx={{ display: 'block', mx: 'auto', mb: 1 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography color="textSecondary">{subtitle}</Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { dashboardMenu } from './dashboard-menu';
import { PageLoading } from './page-loading';

const DRAWER_WIDTH = 240;

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const items = dashboardMenu(session.isAdmin);
  return (
    <Box component="nav" aria-label="Dashboard">
      <Typography variant="overline" component="p" sx={{ px: 2, pt: 2, color: 'text.secondary' }}>
        Dashboard
      </Typography>
      <List>
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{
                '&[aria-current="page"]': {
                  bgcolor: 'action.selected',
                  borderLeft: 4,
                  borderColor: 'secondary.main',
                },
              }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** SPEC section 2: a side menu; on small screens a toggle opens it as a drawer. */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <SideMenu />
      </Box>
      <Drawer
        open={drawerOpen}
        onClose={closeDrawer}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <SideMenu onNavigate={closeDrawer} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Button
          variant="outlined"
          startIcon={<MenuOpenIcon />}
          onClick={() => setDrawerOpen(true)}
          aria-label="Open dashboard menu"
          sx={{ display: { md: 'none' }, mb: 2 }}
        >
          Menu
        </Button>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

export default DashboardLayout;

import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import type { SessionUser } from '../../lib/session';
import type { NavLinkItem } from './nav-links';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  links: NavLinkItem[];
  user: SessionUser | null;
  onNavigate: () => void;
  onSignOut: () => void;
}

/**
 * The collapsible menu of small screens (SPEC section 2). The navbar loads it with the first
 * press of its menu button, so its List and Collapse are not part of every page's first load.
 */
export default function MobileMenu({
  id,
  open,
  links,
  user,
  onNavigate,
  onSignOut,
}: MobileMenuProps) {
  return (
    // `appear`: it usually mounts already open, at the first press, and still slides open.
    <Collapse in={open} appear unmountOnExit sx={{ display: { md: 'none' } }}>
      <Box component="nav" aria-label="Main menu" id={id}>
        <List sx={{ pb: 2 }}>
          {user && (
            <ListItem>
              <ListItemText primary={user.displayName ?? user.email} />
            </ListItem>
          )}
          {links.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={link.to}
                end
                onClick={onNavigate}
                sx={{ '&[aria-current="page"]': { color: 'secondary.main' } }}
              >
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
          {user && (
            <ListItem disablePadding>
              <ListItemButton onClick={onSignOut}>
                <ListItemText primary="Signout" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
    </Collapse>
  );
}

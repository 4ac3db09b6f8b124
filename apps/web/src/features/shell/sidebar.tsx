import { Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { TrackingEvents } from '@pc/contracts';
import { Icon } from '../../components/ui/icons';
import { track } from '../../lib/tracking/track';
import { SidebarGroup } from './sidebar-group';
import { NavBadges } from './nav-badges';
import type { NavItem } from './nav-items';
import classes from './sidebar.module.css';

export interface SidebarProps {
  items: NavItem[];
  collapsed: boolean;
  onNavigate: () => void;
}

function isActive(item: Extract<NavItem, { kind: 'link' }>, pathname: string): boolean {
  return item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The sidebar's entries; the frame (width, collapse toggle) is in the shell layout. */
export function Sidebar({ items, collapsed, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const withTip = (label: string, node: React.ReactElement) =>
    collapsed ? (
      <Tooltip label={label} position="right" withArrow openDelay={150}>
        {node}
      </Tooltip>
    ) : (
      node
    );

  return (
    <ul className={classes.list}>
      {items.map((item) => {
        if (item.kind === 'group')
          return <SidebarGroup key={item.id} item={item} collapsed={collapsed} pathname={pathname} onNavigate={onNavigate} />;
        const content = (
          <>
            <Icon name={item.icon} />
            {!collapsed && <span className={classes.label}>{item.label}</span>}
            {!collapsed && item.kind === 'link' && <NavBadges to={item.to} />}
            {!collapsed && item.kind === 'external' && <Icon name="external" size={14} />}
          </>
        );
        if (item.kind === 'external') {
          return (
            <li key={item.id}>
              {withTip(
                item.label,
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.item}
                  data-collapsed={collapsed || undefined}
                  aria-label={collapsed ? `${item.label} (opens in a new tab)` : undefined}
                  onClick={() => {
                    if (item.trackHelpCenter) track(TrackingEvents.helpCenter);
                  }}
                >
                  {content}
                  {!collapsed && <span className="visually-hidden"> (opens in a new tab)</span>}
                </a>,
              )}
            </li>
          );
        }
        const active = isActive(item, pathname);
        return (
          <li key={item.id}>
            {withTip(
              item.label,
              <Link
                to={item.to}
                className={classes.item}
                data-collapsed={collapsed || undefined}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                aria-label={collapsed ? item.label : undefined}
                onClick={onNavigate}
              >
                {content}
              </Link>,
            )}
          </li>
        );
      })}
    </ul>
  );
}

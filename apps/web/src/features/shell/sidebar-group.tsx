import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Popover, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Limits } from '@pc/contracts';
import { Icon } from '../../components/ui/icons';
import { groupMatches, type NavItem } from './nav-items';
import { NavBadges } from './nav-badges';
import classes from './sidebar.module.css';

type Group = Extract<NavItem, { kind: 'group' }>;

const isActive = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * A submenu (docs/product.md#navigation): opens by click when the sidebar is open and by hover when it is
 * collapsed (after 120 ms; closes 60 ms after the pointer leaves); closes on Escape or an outside
 * click; starts expanded when the path matches and the sidebar is open.
 */
export function SidebarGroup({
  item,
  collapsed,
  pathname,
  onNavigate,
}: {
  item: Group;
  collapsed: boolean;
  pathname: string;
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(() => !collapsed && groupMatches(item.children, pathname));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const wrapperRef = useRef<HTMLLIElement>(null);
  const childActive = groupMatches(item.children, pathname);

  // Switching between open and collapsed sidebar resets the submenu to its starting rule.
  useEffect(() => {
    clearTimeout(timer.current);
    setOpen(!collapsed && groupMatches(item.children, pathname));
    // Only the sidebar mode change resets it; path changes keep what the user opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collapsed]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // An outside click closes it, the sidebar open or collapsed. Inside means the entry or its flyout
  // (rendered in a portal, outside the entry).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: Event) => {
      const path = e.composedPath();
      if ([wrapperRef.current, dropdownRef.current].some((node) => node && path.includes(node))) return;
      clearTimeout(timer.current);
      setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), next ? Limits.submenuOpenDelayMs : Limits.submenuCloseDelayMs);
  };
  const hover = collapsed ? { onMouseEnter: () => schedule(true), onMouseLeave: () => schedule(false) } : {};

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const links = (className: string) =>
    item.children.map((c) => (
      <li key={c.to}>
        <Link
          to={c.to}
          className={className}
          data-active={isActive(c.to, pathname) || undefined}
          aria-current={isActive(c.to, pathname) ? 'page' : undefined}
          onClick={() => {
            if (collapsed) setOpen(false);
            onNavigate();
          }}
        >
          <span className={classes.label}>{c.label}</span>
          <NavBadges to={c.to} />
        </Link>
      </li>
    ));

  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={classes.item}
      data-collapsed={collapsed || undefined}
      data-active={(collapsed && childActive) || undefined}
      aria-expanded={open}
      aria-controls={open ? listId : undefined}
      aria-label={collapsed ? item.label : undefined}
      onClick={() => {
        clearTimeout(timer.current);
        setOpen((o) => !o);
      }}
    >
      <Icon name={item.icon} />
      {!collapsed && (
        <>
          <span className={classes.label}>{item.label}</span>
          <Icon name="chevronDown" size={16} className={classes.chevron} data-open={open || undefined} />
        </>
      )}
    </button>
  );

  if (!collapsed) {
    return (
      <li ref={wrapperRef} onKeyDown={onKeyDown}>
        {button}
        {open && (
          <ul id={listId} className={classes.sub} aria-label={item.label}>
            {links(classes.subItem!)}
          </ul>
        )}
      </li>
    );
  }

  return (
    <li ref={wrapperRef} onKeyDown={onKeyDown} {...hover}>
      <Popover opened={open} position="right-start" offset={8} shadow="md" withinPortal closeOnEscape={false} closeOnClickOutside={false}>
        <Popover.Target>{button}</Popover.Target>
        <Popover.Dropdown p={6} ref={dropdownRef} onKeyDown={onKeyDown} {...hover}>
          <Text size="xs" fw={600} c="dimmed" px={10} py={4}>
            {item.label}
          </Text>
          <ul id={listId} className={classes.flyout} aria-label={item.label}>
            {links(classes.item!)}
          </ul>
        </Popover.Dropdown>
      </Popover>
    </li>
  );
}

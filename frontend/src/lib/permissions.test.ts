import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
} from '@/lib/permissions';
import {
  clearSession,
  getPermissions,
  getRoles,
  logout,
  setLogoutHandler,
  startSession,
  storeUser,
} from '@/lib/session';
import { readItem } from '@/lib/storage';

describe('permissions', () => {
  it('grants the exact permission and no other', () => {
    const held = ['wallet:deposit:approve'];
    expect(hasPermission('wallet:deposit:approve', held)).toBe(true);
    expect(hasPermission('wallet:deposit:reject', held)).toBe(false);
    expect(hasPermission('wallet:deposit', held)).toBe(false);
    expect(hasPermission('wallet:deposit:approve', [])).toBe(false);
  });

  it('grants every permission to the wildcard, and a partial wildcard only to itself', () => {
    expect(hasPermission('wallet:deposit:approve', ['*:*:*'])).toBe(true);
    expect(hasAllPermissions(['a:b:c', 'd:e:f'], ['*:*:*'])).toBe(true);
    expect(hasPermission('wallet:deposit:approve', ['wallet:*:*'])).toBe(false);
  });

  it('needs one of an any-of list and every one of an all-of list', () => {
    const held = ['news:article:edit'];
    expect(hasAnyPermission(['room:limits:set', 'news:article:edit'], held)).toBe(true);
    expect(hasAnyPermission(['room:limits:set'], held)).toBe(false);
    expect(hasAllPermissions(['room:limits:set', 'news:article:edit'], held)).toBe(false);
    expect(hasAllPermissions(['news:article:edit'], held)).toBe(true);
  });
});

describe('roles', () => {
  it('grants the exact role, and every role to admin', () => {
    expect(hasRole('support', ['support'])).toBe(true);
    expect(hasRole('finance', ['support'])).toBe(false);
    expect(hasRole('Support', ['support'])).toBe(false);
    expect(hasRole('support', ['admin'])).toBe(true);
    expect(hasAllRoles(['support', 'finance'], ['admin'])).toBe(true);
  });

  it('needs one of an any-of list and every one of an all-of list', () => {
    expect(hasAnyRole(['finance', 'support'], ['support'])).toBe(true);
    expect(hasAllRoles(['finance', 'support'], ['support'])).toBe(false);
    expect(hasAnyRole(['finance'], ['support'])).toBe(false);
  });

  it('keeps roles and permissions apart', () => {
    expect(hasPermission('wallet:deposit:approve', ['admin'])).toBe(false);
    expect(hasRole('support', ['*:*:*'])).toBe(false);
  });
});

describe('empty input', () => {
  it('is never granted, whatever is held', () => {
    const everything = ['*:*:*', 'admin'];
    expect(hasPermission('', everything)).toBe(false);
    expect(hasAnyPermission([], everything)).toBe(false);
    expect(hasAllPermissions([], everything)).toBe(false);
    expect(hasRole('', everything)).toBe(false);
    expect(hasAnyRole([], everything)).toBe(false);
    expect(hasAllRoles([], everything)).toBe(false);
  });
});

describe('the stored roles and permissions', () => {
  beforeEach(() => {
    clearSession();
  });

  it('come from the user at login and from each fresh profile', () => {
    startSession('tok-1', { id: 1, roles: ['support'], permissions: ['wallet:deposit:approve'] });
    expect(getRoles()).toEqual(['support']);
    expect(hasRole('support')).toBe(true);
    expect(hasPermission('wallet:deposit:approve')).toBe(true);

    storeUser({ id: 1, roles: ['admin'], permissions: ['*:*:*'] });
    expect(hasRole('finance')).toBe(true);
    expect(hasPermission('room:limits:set')).toBe(true);
  });

  it('are empty when the server sends none or something else', () => {
    startSession('tok-1', { id: 1, roles: 'admin', permissions: [7, 'news:article:edit'] });
    expect(getRoles()).toEqual([]);
    expect(getPermissions()).toEqual(['news:article:edit']);
  });

  it('are cleared by logout', () => {
    const leave = vi.fn();
    setLogoutHandler(leave);
    startSession('tok-1', { id: 1, roles: ['admin'], permissions: ['*:*:*'] });

    logout();

    expect(leave).toHaveBeenCalledOnce();
    expect(readItem('roles')).toBeNull();
    expect(readItem('permissions')).toBeNull();
    expect(getRoles()).toEqual([]);
    expect(getPermissions()).toEqual([]);
    expect(hasRole('support')).toBe(false);
    expect(hasPermission('wallet:deposit:approve')).toBe(false);
  });
});

// POST /api/admin/user/page: the tenant's users, paged (SPEC §7).
export interface UserPageQuery {
  page: number;
  limit: number;
  /** Matches user name or account, case-insensitively. */
  keyword?: string;
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  phone: string;
  email: string;
  /** normal, logoff, deactivated or overdue (SPEC §3). */
  status: string;
}

export interface UserPage {
  rows: UserRow[];
  total: number;
}

import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

import { apiError, json } from '../../../../testing/api-answer';
import type { Schemas } from '../../../../lib/api-types';
import type { ApprovalStatus, Member, MemberPage, MemberRecord } from '../../admin-api';

const LIST_URL = '*/api/management/members/';
const EXPORT_URL = '*/api/management/members/export/';
const MEMBER_URL = '*/api/management/members/:id/';
const APPROVE_URL = '*/api/management/members/:id/approve/';
const REJECT_URL = '*/api/management/members/:id/reject/';
const TOGGLE_URL = '*/api/management/members/:id/toggle-active/';
const CARD_URL = '*/api/management/members/:id/card.pdf';
const DATA_URL = '*/api/management/members/:id/export/';

/** A pending individual member with every field filled in; override what a test is about. */
export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 1,
    full_name: 'Jane Doe',
    email: 'jane@example.org',
    phone: '+250788123456',
    date_of_birth: '1990-04-12',
    gender: 'Female',
    gender_declared: 'Female',
    nationality: 'Rwandan',
    address: 'KG 7 Ave, Kigali',
    occupation: 'Interpreter',
    organization: 'Kigali Deaf Centre',
    contact_person_name: '',
    contact_person_role: '',
    experience_years: 6,
    membership_type: 'Individual',
    preferred_communication_language: 'Rwandan Sign Language',
    reason_for_joining: 'To keep learning with peers.',
    skills: 'Conference interpreting',
    areas_of_interest: ['Advocacy', 'Training'],
    certifications: 'RSL Level 3',
    payment_method: 'Mobile Money',
    transaction_id: '',
    agree_to_terms: true,
    terms_accepted_at: '2026-11-02T10:15:00Z',
    approval_status: 'Pending',
    is_active_member: false,
    membership_number: null,
    approved_at: null,
    created_at: '2026-11-02T10:15:00Z',
    membership_end: null,
    standing: null,
    closure_requested_at: null,
    ...overrides,
  };
}

/** A member as the server answers one alone (`makeMember`, no renewal notice unless given). */
export function makeMemberRecord(overrides: Partial<MemberRecord> = {}): MemberRecord {
  return { ...makeMember(overrides), renewal_notices: overrides.renewal_notices ?? [] };
}

/** `count` pending members, 'Member 01'…, the newest first. */
export function makeMembers(count: number, firstId = 1): Member[] {
  return Array.from({ length: count }, (_, index) =>
    makeMember({
      id: firstId + index,
      full_name: `Member ${String(index + 1).padStart(2, '0')}`,
      email: `member${index + 1}@example.org`,
      phone: `+25078800${String(index + 1).padStart(4, '0')}`,
      created_at: new Date(Date.UTC(2026, 10, 20, 12) - index * 60_000).toISOString(),
    }),
  );
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

const envelope = apiError;
const notFound = () => envelope(404, { detail: 'Not found.', code: 'not_found' });

/** The admin's reading of a declared gender, as the server gives it. */
function reading(gender: string): Member['gender'] {
  return gender === 'Male' || gender === 'Female' ? gender : 'Other';
}

/** One member as the server answers it alone: with the renewal notices that went out (none unless given). */
function asRecord(member: Member & Partial<MemberRecord>): MemberRecord {
  return { ...member, renewal_notices: member.renewal_notices ?? [] };
}

/** A row of the list: the notices are the record's, not the row's. */
function asRow({ renewal_notices: _notices, ...row }: Member & Partial<MemberRecord>): Member {
  return row;
}

interface Options {
  /** A member's `renewal_notices`, when given, are answered with the member alone. */
  members?: (Member & Partial<MemberRecord>)[];
  /** Milliseconds every answer waits (to see "Deleting..." and the like). */
  latency?: number;
}

/**
 * The membership backend of docs/api.md "Membership", in memory: the list with its search,
 * repeatable filters and pages, one member, the edit that keeps empty fields, approve, reject,
 * toggle active, delete and the CSV export. Every request is recorded, with its token.
 */
export function membersBackend({ members = [makeMember()], latency = 0 }: Options = {}) {
  const state = { members: members.map((member) => ({ ...member })) };
  const requests: RecordedRequest[] = [];
  let nextNumber = 1;

  async function record(request: Request) {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    requests.push({
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    });
    if (latency) await delay(latency);
  }

  function matching(params: URLSearchParams) {
    const search = (params.get('search') ?? '').trim().toLowerCase();
    const statuses = params.getAll('approval_status');
    const types = params.getAll('membership_type');
    const active = params.get('active');
    // As the server: any capitals; the standing is the member's as given.
    const standings = params.getAll('standing').map((value) => value.toLowerCase());
    const ordering = params.get('ordering');
    const byEnd = (a: Member, b: Member) =>
      // Those without an end date last either way, as the server sorts.
      a.membership_end === b.membership_end
        ? 0
        : a.membership_end === null
          ? 1
          : b.membership_end === null
            ? -1
            : (ordering === '-membership_end' ? -1 : 1) * a.membership_end.localeCompare(b.membership_end);
    return state.members
      .filter((member) => standings.length === 0 || (member.standing !== null && standings.includes(member.standing.toLowerCase())))
      .filter((member) => statuses.length === 0 || statuses.includes(member.approval_status))
      .filter((member) => types.length === 0 || types.includes(member.membership_type))
      .filter((member) => active === null || String(member.is_active_member) === active)
      .filter((member) => !search || [member.full_name, member.email].some((text) => text.toLowerCase().includes(search)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .sort((a, b) => (ordering === 'membership_end' || ordering === '-membership_end' ? byEnd(a, b) : 0));
  }

  const find = (id: unknown) => state.members.find((member) => member.id === Number(id));

  function decide(member: Member, status: ApprovalStatus) {
    member.approval_status = status;
    if (status === 'Approved') {
      member.is_active_member = true;
      member.approved_at = new Date().toISOString();
      member.membership_number ??= `2026-${String(nextNumber++).padStart(4, '0')}`;
      // A first period of a year (the server's rule; docs/members.md).
      if (member.membership_end === null) {
        const end = new Date();
        end.setFullYear(end.getFullYear() + 1);
        end.setDate(end.getDate() - 1);
        member.membership_end = end.toISOString().slice(0, 10);
      }
      member.standing = 'Active';
    } else {
      if (status === 'Rejected') member.is_active_member = false;
      member.standing = null;
    }
  }

  const handlers = [
    http.get(EXPORT_URL, async ({ request }) => {
      await record(request);
      const lines = [
        'Membership number,Name,E-mail,Approval',
        ...matching(new URL(request.url).searchParams).map((member) =>
          [member.membership_number ?? '', member.full_name, member.email, member.approval_status].join(','),
        ),
      ];
      return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="members.csv"',
        },
      });
    }),

    http.get(LIST_URL, async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const rows = matching(params);
      const pageSize = Number(params.get('page_size') ?? 10);
      const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
      const page = Math.min(Math.max(1, Number(params.get('page') ?? 1)), totalPages);
      const answer: MemberPage = {
        results: rows.slice((page - 1) * pageSize, page * pageSize).map(asRow),
        count: rows.length,
        page,
        page_size: pageSize,
        total_pages: totalPages,
      };
      return json<MemberPage>(answer);
    }),

    // Staff enter an application: the server's rules by type, Pending, the consent required.
    http.post(LIST_URL, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Record<string, unknown>;
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
      const institution = body.membership_type === 'Institutional';
      const required = [
        'full_name',
        'email',
        'phone',
        'nationality',
        'address',
        'payment_method',
        ...(institution ? ['contact_person_name', 'contact_person_role'] : ['date_of_birth', 'gender']),
      ];
      const fields: Record<string, string> = Object.fromEntries(
        required.filter((name) => !text(name)).map((name) => [name, 'This field is required.']),
      );
      if (body.agree_to_terms !== true) fields.agree_to_terms = 'You must agree to the terms and conditions to proceed.';
      if (Object.keys(fields).length > 0) {
        return envelope(400, { detail: Object.values(fields)[0] ?? 'Invalid.', code: 'validation_error', fields });
      }
      const member = makeMember({
        id: Math.max(0, ...state.members.map(({ id }) => id)) + 1,
        full_name: text('full_name'),
        email: text('email'),
        phone: text('phone'),
        date_of_birth: institution ? null : text('date_of_birth'),
        gender: institution ? '' : reading(text('gender')),
        gender_declared: institution ? '' : (text('gender') as Member['gender_declared']),
        membership_type: institution ? 'Institutional' : 'Individual',
        contact_person_name: institution ? text('contact_person_name') : '',
        contact_person_role: institution ? text('contact_person_role') : '',
        created_at: new Date().toISOString(),
      });
      state.members.push(member);
      return json<MemberRecord>(asRecord(member), { status: 201 });
    }),

    http.get(CARD_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      if (!member) return notFound();
      if (member.approval_status !== 'Approved') {
        return apiError(409, { detail: 'Only an approved member has a membership card.', code: 'no_card' });
      }
      return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
    }),

    http.get(DATA_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      if (!member) return notFound();
      return HttpResponse.json({ member, periods: [], cpd: { years: [], credits: [] } });
    }),

    http.get(MEMBER_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      return member ? json<MemberRecord>(asRecord(member)) : notFound();
    }),

    http.put(MEMBER_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      if (!member) return notFound();
      const body = (await request.json()) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      if (email && state.members.some((other) => other.id !== member.id && other.email.toLowerCase() === email.toLowerCase())) {
        const message = 'A membership application with this email already exists.';
        return envelope(409, { detail: message, code: 'duplicate_member', fields: { email: message } });
      }
      // Fields left empty ('', null, []) keep their values (SPEC §5).
      for (const [name, value] of Object.entries(body)) {
        if (name === 'id' || value === '' || value === null || (Array.isArray(value) && value.length === 0)) continue;
        if (name === 'approval_status') continue;
        if (name === 'gender') {
          member.gender_declared = String(value) as Member['gender_declared'];
          member.gender = reading(String(value));
          continue;
        }
        if (!(name in member)) continue;
        Object.assign(member, { [name]: typeof value === 'string' ? value.trim() : value });
      }
      const status = body.approval_status as ApprovalStatus | undefined;
      if (status && status !== member.approval_status) decide(member, status);
      if (typeof body.is_active_member === 'boolean') member.is_active_member = body.is_active_member;
      return json<MemberRecord>(asRecord(member));
    }),

    http.delete(MEMBER_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      if (!member) return notFound();
      state.members.splice(state.members.indexOf(member), 1);
      return json<Schemas['MessageOut']>({ message: 'Member deleted successfully' });
    }),

    ...(
      [
        [APPROVE_URL, 'Approved'],
        [REJECT_URL, 'Rejected'],
      ] as const
    ).map(([url, status]) =>
      http.post(url, async ({ request, params }) => {
        await record(request);
        const member = find(params.id);
        if (!member) return notFound();
        if (member.approval_status === status) {
          return envelope(409, { detail: `This member is already ${status}.`, code: 'invalid_transition' });
        }
        decide(member, status);
        return json<MemberRecord>(asRecord(member));
      }),
    ),

    http.post(TOGGLE_URL, async ({ request, params }) => {
      await record(request);
      const member = find(params.id);
      if (!member) return notFound();
      member.is_active_member = !member.is_active_member;
      return json<MemberRecord>(asRecord(member));
    }),
  ];

  const callsTo = (method: string, test: (path: string) => boolean) =>
    requests.filter((item) => item.method === method && test(item.url.pathname));

  return {
    handlers,
    ...state,
    requests,
    /** The list calls made so far. */
    listRequests: () => callsTo('GET', (path) => path === '/api/management/members/'),
    memberRequests: () => callsTo('GET', (path) => /\/members\/\d+\/$/.test(path)),
    exportRequests: () => callsTo('GET', (path) => path.endsWith('/members/export/')),
    updateRequests: () => callsTo('PUT', () => true),
    deleteRequests: () => callsTo('DELETE', () => true),
    approveRequests: () => callsTo('POST', (path) => path.endsWith('/approve/')),
    rejectRequests: () => callsTo('POST', (path) => path.endsWith('/reject/')),
    toggleRequests: () => callsTo('POST', (path) => path.endsWith('/toggle-active/')),
  };
}

type Call = 'list' | 'export' | 'member' | 'update' | 'delete' | 'approve' | 'reject' | 'toggle';

/** A call answered with an error envelope (or a network failure when `status` is 'network'). */
export function membersFailure(
  what: Call,
  status: number | 'network',
  body: JsonBodyType = { detail: 'Something went wrong on the server.', code: 'server_error' },
) {
  const [method, url] = (
    {
      list: ['get', LIST_URL],
      export: ['get', EXPORT_URL],
      member: ['get', MEMBER_URL],
      update: ['put', MEMBER_URL],
      delete: ['delete', MEMBER_URL],
      approve: ['post', APPROVE_URL],
      reject: ['post', REJECT_URL],
      toggle: ['post', TOGGLE_URL],
    } as const
  )[what];
  return http[method](url, () => (status === 'network' ? HttpResponse.error() : HttpResponse.json(body, { status })));
}

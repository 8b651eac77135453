import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute, renderWithProviders } from '../../../testing/render';
import { allSolved } from '../../../testing/challenge-handlers';
import { challengesSentTo } from '../../../testing/challenge-requests';
import { server } from '../../../testing/server';
import { makeMembershipAnswer, membershipHandlers } from '../mocks/public-handlers';
import type { MembershipApplication } from '../public-api';
import { MembershipPage } from './membership-page';

type User = ReturnType<typeof renderWithProviders>['user'];

function renderPage() {
  return renderWithProviders(<MembershipPage />, { route: '/membership' });
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const button = (name: string) => screen.getByRole('button', { name });
const stepHeading = () => screen.getByRole('heading', { level: 2 });
const progress = () => screen.getByRole('list', { name: 'Application steps' });
const currentStep = () => within(progress()).getAllByRole('listitem').find((item) => item.getAttribute('aria-current'));
const terms = () => screen.getByRole('checkbox', { name: /^I agree to the terms and conditions/ });

const TERMS_ALERT = 'You must agree to the terms and conditions to proceed.';

/** Waits for the wizard (its texts load with the page), then moves `times` steps forward. */
async function next(user: User, times = 1) {
  for (let step = 0; step < times; step += 1) await user.click(await screen.findByRole('button', { name: 'Next' }));
}

/** Types into a field as a person pasting their details would: one input event, not one a key. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/**
 * Fills in the required fields of every step (and with `full` the optional ones), ending on
 * step 5 with the terms left to the test.
 */
async function fillIn(user: User, { personal = true, full = false } = {}) {
  await enter(user, await screen.findByRole('textbox', { name: 'Full name' }), '  Aline Uwase ');
  await enter(user, textbox('Email'), 'aline@example.rw');
  await enter(user, textbox('Phone'), '0788 123 456');
  await next(user);
  // Who applies comes first: a person, who gives a birth date and gender.
  await user.click(radio('Individual'));
  if (personal) {
    await user.type(screen.getByLabelText(/^Date of birth/), '1990-05-14');
    await user.click(radio('Non-binary'));
    await enter(user, textbox('Nationality'), 'Rwandan');
    await enter(user, textbox('Address'), 'KG 11 Ave, Kigali');
  }
  await next(user);
  if (full) {
    await enter(user, textbox('Occupation'), 'Sign language interpreter');
    await enter(user, textbox('Organization'), 'Kigali Health Centre');
    await user.type(screen.getByRole('spinbutton', { name: 'Years of experience' }), '7');
    await enter(user, textbox('Preferred communication language'), 'Rwandan Sign Language');
    await enter(user, textbox('Skills'), 'Medical interpreting');
    await enter(user, textbox('Certifications'), 'RNSLIA Level 2');
  }
  await next(user);
  if (full) {
    // Ticked out of order: sent in the form's order.
    await user.click(screen.getByRole('checkbox', { name: 'Research' }));
    await user.click(screen.getByRole('checkbox', { name: 'Advocacy' }));
    await enter(user, textbox('Reason for joining'), 'To keep learning with peers.');
  }
  await next(user);
  await user.click(radio('Mobile Money'));
}

function deferred() {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('Membership page', () => {
  it('opens on step 1 of 5 with the page title, the progress and no Submit', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Membership Application' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 5: Account' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Membership Application | RNSLIA'));

    const steps = within(progress()).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      '1Account',
      '2Personal',
      '3Professional',
      '4Membership',
      '5Payment',
    ]);
    expect(currentStep()).toHaveAttribute('aria-current', 'step');
    expect(currentStep()).toHaveTextContent('Account');
    expect(textbox('Full name')).toBeRequired();
    expect(textbox('Email')).toHaveAttribute('type', 'email');
    expect(textbox('Phone')).toHaveAttribute('type', 'tel');
    expect(button('Next')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();
  });

  it('moves between steps without checking them, keeps what was typed and focuses the step heading', async () => {
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Aline Uwase');
    await user.click(button('Next'));

    expect(stepHeading()).toHaveTextContent('Step 2 of 5: Personal');
    expect(stepHeading()).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Personal');
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Gender' })).toBeInTheDocument();
    for (const gender of ['Male', 'Female', 'Non-binary', 'Prefer Not to Say']) expect(radio(gender)).toBeInTheDocument();
    await user.click(radio('Female'));
    await user.type(textbox('Nationality'), 'Rwandan');

    // Email and phone are empty: Next still moves on (SPEC §4).
    await user.click(button('Next'));
    expect(stepHeading()).toHaveTextContent('Step 3 of 5: Professional');
    expect(stepHeading()).toHaveFocus();

    await user.click(button('Previous'));
    expect(stepHeading()).toHaveTextContent('Step 2 of 5: Personal');
    expect(stepHeading()).toHaveFocus();
    expect(radio('Female')).toBeChecked();
    expect(textbox('Nationality')).toHaveValue('Rwandan');

    await user.click(button('Previous'));
    expect(stepHeading()).toHaveFocus();
    expect(textbox('Full name')).toHaveValue('Aline Uwase');
    expect(textbox('Full name')).not.toHaveAttribute('aria-invalid');
  });

  it('works from the keyboard alone', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 5: Account' });
    await user.tab();
    expect(textbox('Full name')).toHaveFocus();
    await user.keyboard('Aline');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button('Next')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(stepHeading()).toHaveTextContent('Step 2 of 5: Personal');
    await user.tab();
    expect(radio('Individual')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText(/^Date of birth/)).toHaveFocus();
    await user.tab();
    expect(radio('Male')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(radio('Female')).toBeChecked();
  });

  it('asks an institution for its contact person instead of a birth date and gender, and links the terms', async () => {
    const { user } = renderPage();
    await next(user);
    await user.click(radio('Institutional'));
    expect(screen.queryByLabelText(/^Date of birth/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Gender' })).not.toBeInTheDocument();
    expect(textbox('Contact person')).toHaveAccessibleDescription('The person who speaks for the organization with us.');
    expect(textbox("Contact person's role")).toBeRequired();
    await next(user, 3);
    expect(screen.getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute('href', '/privacy#terms');
  });

  it('offers the membership choices and Submit only on the last step', async () => {
    const { user } = renderPage();
    await next(user);
    expect(within(screen.getByRole('group', { name: 'Membership type' })).getAllByRole('radio')).toHaveLength(2);
    await next(user, 2);
    expect(stepHeading()).toHaveTextContent('Step 4 of 5: Membership');
    const interests = screen.getByRole('group', { name: 'Areas of interest' });
    expect(within(interests).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Advocacy',
      'Training',
      'Research',
      'Community Outreach',
    ]);
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();

    await user.click(button('Next'));
    expect(stepHeading()).toHaveTextContent('Step 5 of 5: Payment');
    expect(currentStep()).toHaveTextContent('Payment');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button('Submit Application')).toHaveAttribute('type', 'submit');
    expect(button('Previous')).toBeInTheDocument();
    expect(radio('Mobile Money')).toBeInTheDocument();
    expect(radio('Bank Transfer')).toBeInTheDocument();
    const privacy = screen.getByRole('region', { name: 'What we keep and why' });
    expect(privacy).toHaveTextContent('to process it, to keep the register of members and to contact you');
    expect(privacy).toHaveTextContent('we erase them after 180 days');
    expect(within(privacy).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(terms()).toBeRequired();
  });

  describe('checks before sending', () => {
    it('asks for the terms with an on-page alert and sends nothing', async () => {
      const received: MembershipApplication[] = [];
      server.use(membershipHandlers.applied({ received }));
      const { user } = renderPage();
      await fillIn(user);
      await user.click(button('Submit Application'));

      const alert = await screen.findByText(TERMS_ALERT);
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      expect(terms()).toHaveAttribute('aria-invalid', 'true');
      expect(terms()).toHaveAccessibleDescription(TERMS_ALERT);
      expect(terms()).toHaveFocus();
      expect(stepHeading()).toHaveTextContent('Step 5 of 5: Payment');
      expect(received).toEqual([]);

      await user.click(terms());
      expect(screen.queryByText(TERMS_ALERT)).not.toBeInTheDocument();
      expect(terms()).not.toHaveAttribute('aria-invalid');
    });

    it('goes to the step of the first missing field, marks the missing fields and focuses the first', async () => {
      const received: MembershipApplication[] = [];
      server.use(membershipHandlers.applied({ received }));
      const { user } = renderPage();
      await fillIn(user, { personal: false });
      await user.click(terms());
      await user.click(button('Submit Application'));

      expect(stepHeading()).toHaveTextContent('Step 2 of 5: Personal');
      const birth = screen.getByLabelText(/^Date of birth/);
      expect(birth).toHaveFocus();
      expect(birth).toHaveAttribute('aria-invalid', 'true');
      expect(birth).toHaveAccessibleDescription('Date of birth is required');
      expect(screen.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Please select your gender');
      expect(radio('Male')).toHaveAttribute('aria-invalid', 'true');
      expect(textbox('Nationality')).toHaveAccessibleDescription('Nationality is required');
      expect(textbox('Address')).toHaveAccessibleDescription('Address is required');
      expect(screen.getByText(/Please check the highlighted fields/).closest('[role="alert"]')).not.toBeNull();
      expect(currentStep()).toHaveTextContent('Personal (needs attention)');
      expect(within(progress()).getByText('Account')).not.toHaveTextContent('needs attention');
      expect(received).toEqual([]);

      await user.type(textbox('Nationality'), 'Rwandan');
      expect(textbox('Nationality')).not.toHaveAttribute('aria-invalid');
    });

    it('checks the later steps too, and the e-mail shape the browser would', async () => {
      const { user } = renderPage();
      await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Aline Uwase');
      await user.type(textbox('Email'), 'aline.example.rw');
      await user.type(textbox('Phone'), '0788 123 456');
      await next(user, 4);
      await user.click(button('Submit Application'));

      expect(stepHeading()).toHaveTextContent('Step 1 of 5: Account');
      expect(textbox('Email')).toHaveFocus();
      expect(textbox('Email')).toHaveAccessibleDescription('Please enter an email address such as name@example.com');
      const flagged = within(progress())
        .getAllByRole('listitem')
        .filter((item) => item.textContent?.includes('needs attention'))
        .map((item) => item.textContent);
      expect(flagged).toEqual([
        expect.stringContaining('Account'),
        expect.stringContaining('Personal'),
        expect.stringContaining('Payment'),
      ]);

      await next(user);
      expect(screen.getByRole('group', { name: 'Membership type' })).toHaveAccessibleDescription(
        expect.stringContaining('Please select a membership type'),
      );
      await next(user, 3);
      expect(screen.getByRole('group', { name: 'Payment method' })).toHaveAccessibleDescription(
        'Please select a payment method',
      );
      // The fields come first, as the browser's own check would: the terms' alert waits.
      expect(screen.queryByText(TERMS_ALERT)).not.toBeInTheDocument();
    });
  });

  describe('sending', () => {
    it('sends the application, says Processing..., then replaces the form with the confirmation', async () => {
      const received: MembershipApplication[] = [];
      const { promise, release } = deferred();
      server.use(membershipHandlers.applied({ received, hold: promise }));
      const challenges = challengesSentTo('/users/register/');
      const { user } = renderPage();
      await fillIn(user, { full: true });
      await user.click(terms());
      await user.click(button('Submit Application'));

      expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(button('Previous')).toBeDisabled();
      release();

      const heading = await screen.findByRole('heading', { level: 2, name: 'Membership Request Submitted!' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText(makeMembershipAnswer().message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Application steps' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Membership Application' })).toBeInTheDocument();
      expect(received).toEqual([
        {
          full_name: 'Aline Uwase',
          email: 'aline@example.rw',
          phone: '0788 123 456',
          date_of_birth: '1990-05-14',
          gender: 'Non-binary',
          contact_person_name: '',
          contact_person_role: '',
          nationality: 'Rwandan',
          address: 'KG 11 Ave, Kigali',
          occupation: 'Sign language interpreter',
          organization: 'Kigali Health Centre',
          experience_years: 7,
          preferred_communication_language: 'Rwandan Sign Language',
          skills: 'Medical interpreting',
          certifications: 'RNSLIA Level 2',
          membership_type: 'Individual',
          areas_of_interest: ['Advocacy', 'Research'],
          reason_for_joining: 'To keep learning with peers.',
          payment_method: 'Mobile Money',
          agree_to_terms: true,
        },
      ]);
      // Sent with a solved bot challenge (X-Altcha), which the wizard prepared in the background.
      expect(await allSolved(challenges)).toBe(true);
    });

    it('says Thank you in its own words when the server sends no message', async () => {
      server.use(membershipHandlers.applied({ answer: makeMembershipAnswer({ message: '' }) }));
      const { user } = renderPage();
      await fillIn(user);
      await user.click(terms());
      await user.click(button('Submit Application'));
      expect(await screen.findByText(/^Thank you for applying\./)).toBeInTheDocument();
    });

    it('shows a duplicate e-mail on the e-mail input of step 1, focused', async () => {
      server.use(
        membershipHandlers.refused(409, {
          detail: 'A membership application with this email already exists.',
          code: 'duplicate_member',
          fields: { email: 'A membership application with this email already exists.' },
        }),
      );
      const { user } = renderPage();
      await fillIn(user);
      await user.click(terms());
      await user.click(button('Submit Application'));

      const email = await screen.findByRole('textbox', { name: 'Email' });
      expect(stepHeading()).toHaveTextContent('Step 1 of 5: Account');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription('A membership application with this email already exists.');
      await waitFor(() => expect(email).toHaveFocus());
      expect(email).toHaveValue('aline@example.rw');
      expect(currentStep()).toHaveTextContent('Account (needs attention)');

      // Everything typed on the other steps is still there.
      await next(user, 4);
      expect(radio('Mobile Money')).toBeChecked();
      expect(terms()).toBeChecked();
    });

    it("shows the server's field messages of a later step there", async () => {
      server.use(
        membershipHandlers.refused(400, {
          detail: 'Some fields are invalid.',
          code: 'validation_error',
          fields: { date_of_birth: 'Applicants must be at least 16 years old.', unknown_field: 'Ignored.' },
        }),
      );
      const { user } = renderPage();
      await fillIn(user);
      await user.click(terms());
      await user.click(button('Submit Application'));

      const birth = await screen.findByLabelText(/^Date of birth/);
      expect(stepHeading()).toHaveTextContent('Step 2 of 5: Personal');
      expect(birth).toHaveAccessibleDescription('Applicants must be at least 16 years old.');
      await waitFor(() => expect(birth).toHaveFocus());
    });

    it("shows the server's sentence in a banner when no field is at fault", async () => {
      server.use(
        membershipHandlers.refused(429, { detail: 'Too many requests. Please try again later.', code: 'throttled' }),
      );
      const { user } = renderPage();
      await fillIn(user);
      await user.click(terms());
      await user.click(button('Submit Application'));

      const banner = await screen.findByText('Too many requests. Please try again later.', { selector: '.notice' });
      expect(banner.closest('[role="alert"]')).not.toBeNull();
      await waitFor(() => expect(banner).toHaveFocus());
      expect(stepHeading()).toHaveTextContent('Step 5 of 5: Payment');
      expect(button('Submit Application')).toBeEnabled();
    });

    it("says 'Registration failed. Please try again.' when no answer comes", async () => {
      server.use(membershipHandlers.networkError());
      const { user } = renderPage();
      await fillIn(user);
      await user.click(terms());
      await user.click(button('Submit Application'));

      const banner = await screen.findByText('Registration failed. Please try again.', { selector: '.notice' });
      await waitFor(() => expect(banner).toHaveFocus());
      expect(screen.queryByRole('heading', { name: 'Membership Request Submitted!' })).not.toBeInTheDocument();
    });
  });

  it('is its own lazy page on the /membership route', async () => {
    renderRoute('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership Application' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 5: Account' })).toBeInTheDocument();
  });

  describe('accessibility', () => {
    // Colour contrast needs a layout, which jsdom has not.
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };

    // axe looks for icon fonts with a canvas, which jsdom has not; it copes without one.
    beforeEach(() => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    });

    it('has no axe violations on a step, nor with missing fields marked', async () => {
      const { user, container } = renderPage();
      await screen.findByRole('heading', { level: 2, name: 'Step 1 of 5: Account' });
      expect((await axe.run(container, options)).violations).toEqual([]);

      await next(user, 4);
      await user.click(button('Submit Application'));
      expect(stepHeading()).toHaveTextContent('Step 1 of 5: Account');
      await next(user);
      expect(screen.getByLabelText(/^Date of birth/)).toHaveAttribute('aria-invalid', 'true');
      expect((await axe.run(container, options)).violations).toEqual([]);
    });

    it('has no axe violations with the terms alert, nor once submitted', async () => {
      server.use(membershipHandlers.applied());
      const { user, container } = renderPage();
      await fillIn(user);
      await user.click(button('Submit Application'));
      expect(await screen.findByText(TERMS_ALERT)).toBeInTheDocument();
      expect((await axe.run(container, options)).violations).toEqual([]);

      await user.click(terms());
      await user.click(button('Submit Application'));
      await screen.findByRole('heading', { name: 'Membership Request Submitted!' });
      expect((await axe.run(container, options)).violations).toEqual([]);
    });
  });
});

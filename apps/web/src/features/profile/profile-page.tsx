import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/ui/page-header';
import { PersonalInfoCard } from './personal-info-card';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';

/** /profile-settings: the signed-in user's own details and password. */
export function ProfilePage() {
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title="Profile" purpose="Your name and contact details, the password you sign in with, and where you are signed in." />
      <PersonalInfoCard />
      <ChangePasswordCard />
      <SessionsCard />
    </Stack>
  );
}

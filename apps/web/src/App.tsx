import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { isSignedOut, signedInUser } from './api.js';
import { Shell } from './Shell.js';
import { CollectionScreen } from './screens/CollectionScreen.js';
import { GitSyncScreen } from './screens/GitSyncScreen.js';
import { Home } from './screens/Home.js';
import { IntegrationInstallationScreen, IntegrationScreen } from './screens/IntegrationScreen.js';
import { InviteSignUp, JoinInvite } from './screens/Invite.js';
import { OpenApiSpecScreen } from './screens/OpenApiSpecScreen.js';
import { AuditLogScreen } from './screens/organization/AuditLogScreen.js';
import { MembersScreen } from './screens/organization/MembersScreen.js';
import { OrganizationHome } from './screens/organization/OrganizationHome.js';
import { SsoScreen } from './screens/organization/SsoScreen.js';
import { TeamsScreen } from './screens/organization/TeamsScreen.js';
import { WebhooksScreen } from './screens/organization/WebhooksScreen.js';
import { RevisionScreen } from './screens/RevisionScreen.js';
import { SettingsScreen } from './screens/SettingsScreen.js';
import { SignIn } from './screens/SignIn.js';
import { SpaceScreen } from './screens/SpaceScreen.js';
import { SiteScreen } from './screens/site/SiteScreen.js';

// The editor (Tiptap and ProseMirror) loads only when a change request is opened.
const ChangeRequestScreen = lazy(() => import('./screens/ChangeRequestScreen.js'));

/** The app: the sign-in page for a visitor, the screens every `urls.app` opens for a person. */
export function App() {
  const me = useQuery(signedInUser);
  if (me.isPending) return <p className="loading">Loading…</p>;
  if (me.error !== null) {
    if (isSignedOut(me.error)) {
      const signedIn = () => void me.refetch();
      return (
        <Switch>
          <Route path="/invite/:organizationId/:inviteId">
            {(params) => <InviteSignUp {...params} onSignedIn={signedIn} />}
          </Route>
          <Route path="/orgs/:organizationId/*?">
            {(params) => <SignIn onSignedIn={signedIn} organizationId={params.organizationId} />}
          </Route>
          <Route>
            <SignIn onSignedIn={signedIn} />
          </Route>
        </Switch>
      );
    }
    return <p role="alert">Quire could not be reached: {me.error.message}</p>;
  }
  return (
    <Shell user={me.data}>
      <Suspense fallback={<p className="loading">Loading the editor…</p>}>
        <Switch>
          <Route path="/" component={Home} />
          <Route path="/sign-in">
            <Redirect to="/" />
          </Route>
          <Route path="/settings" component={SettingsScreen} />
          <Route path="/invite/:organizationId/:inviteId">
            {(params) => <JoinInvite {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/sites/:siteId">
            {(params) => <SiteScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/members">
            {(params) => <MembersScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/teams">
            {(params) => <TeamsScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/sso">{(params) => <SsoScreen {...params} />}</Route>
          <Route path="/orgs/:organizationId/webhooks">
            {(params) => <WebhooksScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/audit-log">
            {(params) => <AuditLogScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/openapi/:specSlug">
            {(params) => <OpenApiSpecScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId/integrations/:integrationName">
            {(params) => <IntegrationScreen {...params} />}
          </Route>
          <Route path="/integrations/:integrationName/installations/:installationId">
            {(params) => <IntegrationInstallationScreen {...params} />}
          </Route>
          <Route path="/integrations/:integrationName">
            {(params) => <IntegrationScreen {...params} />}
          </Route>
          <Route path="/collections/:collectionId">
            {(params) => <CollectionScreen {...params} />}
          </Route>
          <Route path="/orgs/:organizationId" component={OrganizationHome} />
          <Route path="/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId">
            {(params) => <ChangeRequestScreen {...params} />}
          </Route>
          <Route path="/spaces/:spaceId/change-requests/:changeRequestId">
            {(params) => <ChangeRequestScreen {...params} />}
          </Route>
          <Route path="/spaces/:spaceId/revisions/:revisionId/pages/:pageId">
            {(params) => <RevisionScreen {...params} />}
          </Route>
          <Route path="/spaces/:spaceId/revisions/:revisionId">
            {(params) => <RevisionScreen {...params} />}
          </Route>
          <Route path="/spaces/:spaceId/git">{(params) => <GitSyncScreen {...params} />}</Route>
          <Route path="/spaces/:spaceId/pages/:pageId">
            {(params) => <SpaceScreen {...params} />}
          </Route>
          <Route path="/spaces/:spaceId">{(params) => <SpaceScreen {...params} />}</Route>
          <Route>
            <section className="screen">
              <h1>Not found</h1>
              <p>There is no screen at this address.</p>
            </section>
          </Route>
        </Switch>
      </Suspense>
    </Shell>
  );
}

// Generated from spec/ by `pnpm gen`. Do not edit.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get API information
         * @description The release and build of the Quire server answering. Needs no token.
         */
        get: operations["getApiInformation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Starts a session for the app: answers it and sets the `quire_session` cookie (HttpOnly, SameSite=Lax, Secure when `PUBLIC_URL` is https). A wrong email and a wrong password get the same 401, so the answer never says whether an account exists. Attempts are limited per client address and per email.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session the request came with and clears its cookie. Without a session (an API token) there is nothing to end: the answer is the same.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the collection. */
                collectionId: components["parameters"]["collectionId"];
            };
            cookie?: never;
        };
        /** Get a collection */
        get: operations["getCollectionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/content-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the built-in content templates
         * @description The starting structures `applyTemplateToSpace` can add to a space.
         */
        get: operations["listContentTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-domains/{emailDomain}/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An email domain, such as `example.com`. */
                emailDomain: components["parameters"]["emailDomain"];
            };
            cookie?: never;
        };
        /**
         * List the organizations of an email domain
         * @description Organizations whose `emailDomains` hold the domain. Only a caller whose own email is in that domain may ask.
         */
        get: operations["getOrganizationsForEmailDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List integrations
         * @description Public integrations, and the private and unlisted ones of the caller's organizations, by name. `search` keeps those whose name or title contains it; `blockDomain` those with a block that unfurls URLs of that host; `blocks` and `contentSources` those with (true) or without (false).
         */
        get: operations["listIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        /**
         * Get an integration by its name
         * @description Private integrations are visible only to the members of their organization.
         */
        get: operations["getIntegrationByName"];
        put?: never;
        /**
         * Publish an integration
         * @description Publishes the integration under `organization` (its ID or hostname), whose admins alone may; publishing it again replaces its definition and adds one to its `version`. A name another organization published is a 409. The icon and preview images are kept as files, the script as given, the secrets encrypted; secrets are never answered.
         */
        post: operations["publishIntegration"];
        /**
         * Unpublish an integration
         * @description Removes the integration and every installation of it. Needs admin of its organization. Answers 204 also when there is no such integration (or none the caller can see).
         */
        delete: operations["unpublishIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationName}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        /**
         * List the installations of an integration
         * @description Admins of the integration's organization see every installation; others see the installations in the organizations they administer. `externalId` keeps those with that external ID.
         */
        get: operations["listIntegrationInstallations"];
        put?: never;
        /**
         * Install an integration
         * @description Installs the integration on `organization` (its ID), whose admins alone may. An organization has one installation of an integration: installing again is a 409.
         */
        post: operations["installIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationName}/installations/{installationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        /**
         * Get an installation of an integration
         * @description For admins of the organization it is installed on, and of the integration's organization.
         */
        get: operations["getIntegrationInstallationById"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration
         * @description Removes the installation with its space and site installations. Needs admin of the organization. Answers 204 also when there is no such installation.
         */
        delete: operations["uninstallIntegration"];
        options?: never;
        head?: never;
        /**
         * Update an installation of an integration
         * @description Changes what is given. `configuration` replaces the organization's settings and must be valid against the integration's `configurations.account` schema. Needs admin of the organization.
         */
        patch: operations["updateIntegrationInstallation"];
        trace?: never;
    };
    "/integrations/{integrationName}/installations/{installationId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        /**
         * List the sites an installation is on
         * @description For admins of the organization it is installed on, and of the integration's organization.
         */
        get: operations["listIntegrationInstallationSites"];
        put?: never;
        /**
         * Install an integration on a site
         * @description Installs the organization's installation on one of its sites; the integration's `target` must be `all` or `site`. Needs admin of the organization; installing twice is a 409.
         */
        post: operations["installIntegrationOnSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationName}/installations/{installationId}/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get an installation of an integration on a site
         * @description For admins of the organization it is installed on, and of the integration's organization.
         */
        get: operations["getIntegrationSiteInstallation"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration from a site
         * @description Needs admin of the organization. Answers 204 also when it was not installed there.
         */
        delete: operations["uninstallIntegrationFromSite"];
        options?: never;
        head?: never;
        /**
         * Update an installation of an integration on a site
         * @description Changes what is given. `configuration` replaces the site's settings and must be valid against the integration's `configurations.site` schema. Needs admin of the organization.
         */
        patch: operations["updateIntegrationSiteInstallation"];
        trace?: never;
    };
    "/integrations/{integrationName}/installations/{installationId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        /**
         * List the spaces an installation is on
         * @description For admins of the organization it is installed on, and of the integration's organization.
         */
        get: operations["listIntegrationInstallationSpaces"];
        put?: never;
        /**
         * Install an integration on a space
         * @description Installs the organization's installation on one of its spaces; the integration's `target` must be `all` or `space`. Needs admin of the organization; installing twice is a 409.
         */
        post: operations["installIntegrationOnSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get an installation of an integration on a space
         * @description For admins of the organization it is installed on, and of the integration's organization.
         */
        get: operations["getIntegrationSpaceInstallation"];
        put?: never;
        post?: never;
        /**
         * Uninstall an integration from a space
         * @description Needs admin of the organization. Answers 204 also when it was not installed there.
         */
        delete: operations["uninstallIntegrationFromSpace"];
        options?: never;
        head?: never;
        /**
         * Update an installation of an integration on a space
         * @description Changes what is given. `configuration` replaces the space's settings and must be valid against the integration's `configurations.space` schema. Needs admin of the organization.
         */
        patch: operations["updateIntegrationSpaceInstallation"];
        trace?: never;
    };
    "/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's organizations
         * @description Organizations the caller is a member of, by creation date.
         */
        get: operations["listOrganizationsForAuthenticatedUser"];
        put?: never;
        /**
         * Create an organization
         * @description Creates an organization; the caller becomes its admin.
         */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /** Get an organization */
        get: operations["getOrganizationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an organization
         * @description Changes the fields given; only admins may. A `hostname` is unique across the server. Users named in `mergeRules` must be members (400 otherwise).
         */
        patch: operations["updateOrganizationById"];
        trace?: never;
    };
    "/orgs/{organizationId}/ask": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a question across the organization
         * @description Answers a question from the pages of the spaces the caller may read, citing them. The question's words find the best sections (full-text search, and vector similarity when `EMBEDDINGS_URL` is set); the configured model (`ASK_ENGINE_URL`) writes the answer from those sections alone. Without a model, the answer lists the best sections and says so. A model that fails or takes too long is a 502.
         */
        post: operations["askInOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/ask/questions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Questions worth asking in the organization
         * @description With a model, questions it suggests from the titles of the pages the caller may read; without one, the questions readers of the organization's sites asked most that were answered from pages the caller may read. At most five.
         */
        get: operations["getRecommendedQuestionsInOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/ask/questions/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Questions worth asking in the organization, streamed
         * @description The questions of `getRecommendedQuestionsInOrganization` as server-sent events, one each, then `done`.
         */
        get: operations["streamRecommendedQuestionsInOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/ask/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Ask a question across the organization, the answer streamed
         * @description The answer of `askInOrganization` as server-sent events, each the whole answer so far, as the model writes it; the last event is named `done`. A model that cannot be reached is a 502 before the stream begins; one that fails after is an event named `error`.
         */
        get: operations["streamAskInOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/audit-event-actions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the actions of audit events
         * @description Every action Quire records, with a label. Needs `admin`.
         */
        get: operations["listOrganizationAuditEventActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the audit events of an organization
         * @description Every change made in the organization, newest first. Needs `admin`.
         */
        get: operations["listOrganizationAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/audit-events/{auditEventId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the audit event. */
                auditEventId: string;
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an audit event
         * @description One event with its payload. Needs `admin`.
         */
        get: operations["getOrganizationAuditEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /** List the collections of an organization */
        get: operations["listCollectionsInOrganizationById"];
        put?: never;
        /**
         * Create a collection
         * @description Creates a collection to group spaces. Needs `create` or higher.
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join an organization with an invite link
         * @description The caller becomes a member with the link's role; a member already keeps their role. An expired or deleted link, or one of an organization with `inviteLinks` off, is a 404.
         */
        post: operations["joinOrganizationWithInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/invites/{inviteId}/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account with an invite link
         * @description For a person without an account: creates one with the email, name and password given, makes it a member with the link's role, and starts a session for the app (the `quire_session` cookie, as `signIn` sets it). A person who already has an account signs in and joins with `joinOrganizationWithInvite` instead: their email is a 409. An expired or deleted link, or one of an organization with `inviteLinks` off, is a 404. Attempts are limited per client address, as sign-ins are.
         */
        post: operations["signUpWithInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/link-invites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the invite links of an organization
         * @description Newest first, expired ones included. Needs `admin`.
         */
        get: operations["listOrganizationInviteLinks"];
        put?: never;
        /**
         * Create an invite link
         * @description Anyone signed in who has the link joins with its role (`null`: as a guest) until it expires or is deleted. Refused while the organization has `inviteLinks` off. Needs `admin`.
         */
        post: operations["createOrganizationInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/link-invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an invite link
         * @description Needs `admin`.
         */
        get: operations["getOrganizationInviteLink"];
        put?: never;
        post?: never;
        /**
         * Delete an invite link
         * @description Nobody can join with it any more. Needs `admin`.
         */
        delete: operations["deleteOrganizationInviteById"];
        options?: never;
        head?: never;
        /**
         * Update an invite link
         * @description Changes its role or expiry (`null`: never). Needs `admin`.
         */
        patch: operations["updateOrganizationInviteById"];
        trace?: never;
    };
    "/orgs/{organizationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the members of an organization
         * @description Guests included. Filter by `role` (`guest` for members without one) and `search` (display name or email); sort by `joinedAt` or `lastSeenAt`. Needs a role in the organization.
         */
        get: operations["listMembersInOrganizationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        /**
         * Get a member of an organization
         * @description Needs a role in the organization, or to be that member.
         */
        get: operations["getMemberInOrganizationById"];
        put?: never;
        post?: never;
        /**
         * Remove a member from an organization
         * @description Also removes their team memberships and space grants there; what they wrote stays. Removing the last admin is a 409. Needs `admin`, except to leave.
         */
        delete: operations["removeMemberFromOrganizationById"];
        options?: never;
        head?: never;
        /**
         * Change the role of a member
         * @description `null` makes the member a guest. The organization keeps at least one admin: demoting the last one is a 409. Needs `admin`.
         */
        patch: operations["updateMemberInOrganizationById"];
        trace?: never;
    };
    "/orgs/{organizationId}/members/{userId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End every session of a member
         * @description Signs a member out of the app everywhere: each of their sessions is refused from its next request on. Needs `admin` on the organization. Their API tokens are not touched.
         */
        delete: operations["revokeOrganizationMemberSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/members/{userId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        /**
         * List the spaces a member may read
         * @description With their effective role on each, oldest space first unless `order=desc`. Needs a role in the organization, or to be that member.
         */
        get: operations["listSpacesForOrganizationMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/members/{userId}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a member as signing in through SSO
         * @description Marks the membership `sso`. Needs `admin`.
         */
        post: operations["setUserAsSSOMemberForOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/members/{userId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        /**
         * List the teams of a member
         * @description With their role in each. Needs a role in the organization, or to be that member.
         */
        get: operations["listTeamsForOrganizationMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the OpenID Connect providers of an organization
         * @description Needs `admin`.
         */
        get: operations["listOIDCProvidersInOrganizationById"];
        put?: never;
        /**
         * Add an OpenID Connect provider
         * @description Adds an identity provider members sign in with, active at once: its sign-in offers it, and a person it vouches for (by a verified email) joins the organization with `defaultRole`. Register `service.redirectURL` at the provider. Needs `admin`.
         */
        post: operations["createOrganizationOIDCProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/oidc/{oidcProviderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the OpenID Connect provider. */
                oidcProviderId: components["parameters"]["oidcProviderId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Get an OpenID Connect provider
         * @description Needs `admin`.
         */
        get: operations["getOrganizationOIDCProviderById"];
        put?: never;
        post?: never;
        /**
         * Delete an OpenID Connect provider
         * @description Members who signed in with it stay members. Needs `admin`.
         */
        delete: operations["deleteOrganizationOIDCProvider"];
        options?: never;
        head?: never;
        /**
         * Update an OpenID Connect provider
         * @description Needs `admin`.
         */
        patch: operations["updateOrganizationOIDCProvider"];
        trace?: never;
    };
    "/orgs/{organizationId}/openapi": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the OpenAPI specs of an organization
         * @description By slug. Any member may list them.
         */
        get: operations["listOpenAPISpecs"];
        put?: never;
        /**
         * Create an OpenAPI spec
         * @description Creates the spec and queues the processing of its source (`processingState` `pending`), which makes its first version. A slug the organization already has is a 409. Needs `create` or higher.
         */
        post: operations["createOpenAPISpec"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        /**
         * Get an OpenAPI spec by its slug
         * @description Any member may read it.
         */
        get: operations["getOpenAPISpecBySlug"];
        /**
         * Create or update an OpenAPI spec
         * @description Creates the spec with this slug (201), or sets the source of the existing one (200); either way its processing is queued. Putting the same source again processes it again: a version is made only when the content changed. Needs `create` or higher.
         */
        put: operations["createOrUpdateOpenAPISpecBySlug"];
        post?: never;
        /**
         * Delete an OpenAPI spec
         * @description Deletes the spec and its versions. Answers 204 also when there is no such spec. Needs `create` or higher.
         */
        delete: operations["deleteOpenAPISpecBySlug"];
        options?: never;
        head?: never;
        /**
         * Update the visibility of an OpenAPI spec
         * @description Needs `create` or higher.
         */
        patch: operations["updateOpenAPISpecBySlug"];
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        /**
         * List the versions of an OpenAPI spec
         * @description Newest first. Any member may list them.
         */
        get: operations["listOpenAPISpecVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get a version of an OpenAPI spec
         * @description Any member may read it.
         */
        get: operations["getOpenAPISpecVersionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get what a version of an OpenAPI spec changed
         * @description The operations the version added, removed and changed against the version before it, breaking changes flagged (see `OpenAPIOperationChangeKind`). Any member may read it.
         */
        get: operations["getOpenAPISpecVersionChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get the content of a version of an OpenAPI spec
         * @description Any member may read it.
         */
        get: operations["getOpenAPISpecVersionContentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions/latest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        /**
         * Get the latest version of an OpenAPI spec
         * @description A spec with no version yet is a 404. Any member may read it.
         */
        get: operations["getLatestOpenAPISpecVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        /**
         * Get the content of the latest version of an OpenAPI spec
         * @description A spec with no version yet is a 404. Any member may read it.
         */
        get: operations["getLatestOpenAPISpecVersionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ping an organization
         * @description Sets the caller's `lastSeenAt` and answers a signed JWT of their membership.
         */
        post: operations["updateOrganizationMemberLastSeenAt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/saml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the SAML providers of an organization
         * @description Needs `admin`.
         */
        get: operations["listSAMLProvidersInOrganizationById"];
        put?: never;
        /**
         * Add a SAML provider
         * @description Adds an identity provider members sign in with. It is `pending` until `ssoURL`, `entityID` and `certificate` are set. Needs `admin`.
         */
        post: operations["createOrganizationSAMLProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/saml/{samlProviderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the SAML provider. */
                samlProviderId: components["parameters"]["samlProviderId"];
            };
            cookie?: never;
        };
        /**
         * Get a SAML provider
         * @description Needs `admin`.
         */
        get: operations["getOrganizationSAMLProviderById"];
        put?: never;
        post?: never;
        /**
         * Delete a SAML provider
         * @description Members who signed in with it stay members. Needs `admin`.
         */
        delete: operations["deleteOrganizationSAMLProvider"];
        options?: never;
        head?: never;
        /**
         * Update a SAML provider
         * @description Needs `admin`.
         */
        patch: operations["updateOrganizationSAMLProvider"];
        trace?: never;
    };
    "/orgs/{organizationId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * Search the content of an organization
         * @description Matching pages grouped by space, across the spaces of the organization the caller may read.
         */
        get: operations["searchOrganizationContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the sites of an organization
         * @description Oldest first. Any member may list them.
         */
        get: operations["listSites"];
        put?: never;
        /**
         * Create a site
         * @description Creates an unpublished site publishing `spaces` (IDs of spaces of the organization, the first one the default), or a new space made for it (`empty`, or `sample` with a first page). Needs `create` or higher.
         */
        post: operations["createSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get a site
         * @description Any member may read it.
         */
        get: operations["getSiteById"];
        put?: never;
        post?: never;
        /**
         * Delete a site
         * @description Removes the site, its structure and its share links. Answers 204 also when there is no such site. Needs `create` or higher.
         */
        delete: operations["deleteSiteById"];
        options?: never;
        head?: never;
        /**
         * Update a site
         * @description Changes its settings; `defaultSiteSpace` must be a site space at the root or in the default section, `defaultSiteSection` one of its sections, and `proxy` a host with one or more path segments (`null` removes it). Needs `create` or higher.
         */
        patch: operations["updateSiteById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/adaptive-schema": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get the adaptive schema of a site
         * @description The JSON Schema of the claims visitors carry. Any member may read it.
         */
        get: operations["getSiteAdaptiveSchema"];
        /**
         * Replace the adaptive schema of a site
         * @description Stores a draft-07 JSON Schema: an object of boolean, string or number claims, with `unsigned` an object of boolean claims. Conditions already written keep working only if they name claims it still has. Needs `create` or higher.
         */
        put: operations["updateSiteAdaptiveSchema"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List ready conditions for a site
         * @description Conditions made from the claims of the adaptive schema, ready to put on sections and site spaces. Any member may read them.
         */
        get: operations["listSiteAdaptiveTemplateConditions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/agents/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report, as an agent, how the site served it
         * @description Records an agent's feedback for the site's owners: about an MCP tool, a CLI command, an API endpoint, a page of the documentation, or the product. Feedback naming an answer of the site as its `reportedBy.correlationId` is kept with that answer. Open to the site's reader token, as its MCP server's tools are, and to members.
         */
        post: operations["submitAgentFeedbackToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the answers a site gave
         * @description Every time a question was asked, the newest first. Any member of the organization who sees the site may read it.
         */
        get: operations["listSiteQuestionAnswers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        /**
         * Get an answer a site gave, with what the model wrote
         * @description The answer and its text as a JSON document. Any member of the organization who sees the site may read it.
         */
        get: operations["getSiteQuestionAnswerById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        /**
         * List the pages an answer cited
         * @description The answer's sources, in the order they were given to the model. Any member of the organization who sees the site may read it.
         */
        get: operations["listSiteQuestionAnswerSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}/thread": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        /**
         * Get the conversation an answer belongs to
         * @description Every answer of the answer's thread, the first question first. Any member of the organization who sees the site may read it.
         */
        get: operations["getSiteQuestionAnswerThreadById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/ask": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a published site a question, the answer streamed
         * @description Answers from the pages of the site the caller may read (a reader: what the site shows them, adaptive content included), as server-sent events like `streamAskInOrganization`. The question and its answer are recorded for the site's owners, without any address; a follow-up names the answer it follows in `thread.previous` and keeps its thread. Limited per caller and per site; a model that fails is a 502, recorded as unanswered.
         */
        post: operations["streamAskInSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/ask/questions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Questions worth asking a published site, streamed
         * @description The site's most asked questions that were answered from pages the caller may read; with a model, topped up with questions it suggests from the titles of those pages. At most five, one event each, then `done`.
         */
        get: operations["streamRecommendedQuestionsInSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/customization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get the customization of a site
         * @description Every setting as it applies, defaults for those not set. Any member may read it.
         */
        get: operations["getSiteCustomizationById"];
        /**
         * Replace the customization of a site
         * @description Replaces every key set (a key left out goes back to its default); conditions of header links must parse. Needs `create` or higher.
         */
        put: operations["updateSiteCustomizationById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/insights/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record what readers did on a published site
         * @description Records up to 100 events of readers of a published site (page views, searches, feedback…), as GitBook's renderer reports them, for the site's insights (`aggregateSiteEvents`). Needs no token, as a reader's browser sends them; a site that is not published is a 404. A location naming a section, site space, space or page the site does not publish is kept without it. See `SiteInsightsEvent` for what is kept and what never is.
         */
        post: operations["trackEventsInSiteById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count what readers did on a site
         * @description Groups a site's recorded events (`trackEventsInSiteById`) of a time range by the `groupBy` columns, keeps those the `where` filters pass (`in` and `notIn` a list of values, and the comparisons for times, hours, days and counts), and answers each `select` column as a list of values, one per group, in `order` (by default the first counted column, largest first), at most `limit` groups. Page views per day are `select: [datetime, eventsCount]`, `groupBy: [datetime]`; the most viewed pages `select: [page, eventsCount]`, `groupBy: [page]`, `where: [{column: eventType, values: [page_view]}]`. Any member of the organization may ask.
         */
        post: operations["aggregateSiteEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a site
         * @description Makes the site live. Needs `admin`.
         */
        post: operations["publishSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/published": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get the published profile of a site
         * @description The site with its structure in order and its customizations, as readers are served it. Any member may read it; so may the site's reader token, which sees only the sections and site spaces whose `condition` holds for its visitor.
         */
        get: operations["getPublishedContentSite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/publishing/auth": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Get a site's publishing authentication
         * @description The key visitor tokens of the site are signed with, made the first time it is read, and the sign-in and sign-out URLs. Needs admin in the organization.
         */
        get: operations["getSitePublishingAuthById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a site's publishing authentication
         * @description Sets the backend and the fallback and logout URLs (`null` unsets one). Needs admin in the organization.
         */
        patch: operations["updateSitePublishingAuthById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a site's publishing key
         * @description Replaces the key visitor tokens are signed with; tokens signed with the old key stop opening the site at once. Needs admin in the organization.
         */
        post: operations["regenerateSitePublishingAuthById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/question-stats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Count how a site's questions were answered
         * @description Counts over the answers the site gave in the range (the filters keep): how many were answered, rated, relevant, of each kind and channel, and per week. The unanswered ones are where the documentation has gaps. Any member of the organization who sees the site may read it.
         */
        get: operations["getSiteQuestionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/questions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the questions readers asked a site
         * @description Each question once, however often asked, with counts of how its answers went; the filters keep the answers they count (and the questions with any). Sorted by when last asked, or by a count. Any member of the organization who sees the site may read it.
         */
        get: operations["listSiteQuestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/questions/{siteQuestionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of a question readers asked a site. */
                siteQuestionId: components["parameters"]["siteQuestionId"];
            };
            cookie?: never;
        };
        /**
         * Get a question readers asked a site
         * @description The question with counts over its answers the filters keep. Any member of the organization who sees the site may read it.
         */
        get: operations["getSiteQuestionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/questions/{siteQuestionId}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of a question readers asked a site. */
                siteQuestionId: components["parameters"]["siteQuestionId"];
            };
            cookie?: never;
        };
        /**
         * List the pages a question's answers cited
         * @description Each page once, weighted by how many of the question's answers (those the filters keep) cited it, the most cited first. Any member of the organization who sees the site may read it.
         */
        get: operations["listSiteQuestionSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/redirect": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * Find the redirect a path of a site follows
         * @description The live redirect readers of `source` follow (an exact source first, else the longest wildcard that matches), and `target`, the URL it sends them to now. With `shareKey` (which must open a working link of this site) a target in the site goes through that link. No redirect, or a destination the site no longer publishes, is a 404. Any member may ask, and the site's reader token.
         */
        get: operations["getSiteRedirectBySource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/redirects": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the redirects of a site
         * @description Live redirects, or with `draft=true` the drafts; `search` keeps those whose source contains it. Any member may list them.
         */
        get: operations["listSiteRedirects"];
        /**
         * Create, update, delete or publish redirects of a site in bulk
         * @description Up to 500 redirects, each by its source and intent: `live` (the default) or `draft` creates or updates the redirect of that source (a `null` destination deletes it), `publish` makes the draft of that source live in place of the live one. Each item succeeds or fails on its own; the answer says what became of each, in order. Needs `create` or higher.
         */
        put: operations["bulkUpsertSiteRedirects"];
        /**
         * Create a redirect of a site
         * @description Sends readers of `source` to `destination`. A source is unique among the site's live redirects and among its drafts (a taken one is a 409). Needs `create` or higher.
         */
        post: operations["createSiteRedirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site redirect. */
                siteRedirectId: components["parameters"]["siteRedirectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a redirect of a site
         * @description Answers 204 also when there is no such redirect. Needs `create` or higher.
         */
        delete: operations["deleteSiteRedirectById"];
        options?: never;
        head?: never;
        /**
         * Update a redirect of a site
         * @description Changes what is given; `draft: false` makes a draft live. Needs `create` or higher.
         */
        patch: operations["updateSiteRedirectById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the content of a published site
         * @description Matching pages grouped by space, across the live site spaces of the site (`all`, the default), only the given ones (`specific`), or each section's default site space plus the current one (`default`). Needs membership of the organization, or the site's reader token (then only what its visitor may read is searched).
         */
        post: operations["searchSiteContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/section-groups": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the section groups of a site
         * @description In the order of the site. Any member may list them.
         */
        get: operations["listSiteSectionGroups"];
        put?: never;
        /**
         * Create a site section group
         * @description Adds a group at the end of the top level, holding `sections` in that order. Needs `create` or higher.
         */
        post: operations["addSectionGroupToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a site section group
         * @description Its sections stay, at the end of the top level. Answers 204 also when there is no such group. Needs `create` or higher.
         */
        delete: operations["deleteSiteSectionGroupById"];
        options?: never;
        head?: never;
        /**
         * Update a site section group
         * @description Needs `create` or higher; `icon: null` removes the icon.
         */
        patch: operations["updateSiteSectionGroupById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a site section group
         * @description Puts the group right before or after a top-level section or another group. Needs `create` or higher.
         */
        post: operations["moveSiteSectionGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a section to a group
         * @description Puts the section at the end of the group, taking it out of any other group. Needs `create` or higher.
         */
        post: operations["addSiteSectionToGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a section from a group
         * @description The section goes to the end of the top level. Answers 204 also when the section is not in the group. Needs `create` or higher.
         */
        delete: operations["removeSiteSectionFromGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/sections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the sections of a site
         * @description In reading order: ungrouped sections and groups as the site orders them, the sections of a group in its order. Any member may list them.
         */
        get: operations["listSiteSections"];
        put?: never;
        /**
         * Create a site section
         * @description Adds a section at the end with a site space of `spaceId`. The first section becomes the default and takes in the site spaces at the root. Needs `create` or higher.
         */
        post: operations["addSectionToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a site section
         * @description Removes the section and its site spaces; deleting the default section makes the first remaining one the default. Answers 204 also when there is no such section. Needs `create` or higher.
         */
        delete: operations["deleteSiteSectionById"];
        options?: never;
        head?: never;
        /**
         * Update a site section
         * @description `condition` and `icon` and `description` absent stay, `null` removes them. `defaultSiteSpace` must be one of its site spaces. Needs `create` or higher.
         */
        patch: operations["updateSiteSectionById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a site section
         * @description Puts the section right before or after another section of the same group (or of the top level). Needs `create` or higher.
         */
        post: operations["moveSiteSection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the share links of a site
         * @description Oldest first. Any member may list them; only admins see their keys (in `urls.published`).
         */
        get: operations["listSiteShareLinks"];
        put?: never;
        /**
         * Create a share link
         * @description Makes a link with a new secret key, shown in `urls.published` of the answer. With `expiresAt` it stops working then. Needs `create` or higher.
         */
        post: operations["createSiteShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the share link. */
                shareLinkId: components["parameters"]["shareLinkId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a share link
         * @description Its key stops working. Answers 204 also when there is no such link. Needs `create` or higher.
         */
        delete: operations["deleteSiteShareLinkById"];
        options?: never;
        head?: never;
        /**
         * Update a share link
         * @description Turns it on or off, renames it, or changes its expiry (`null`: never). Needs `create` or higher.
         */
        patch: operations["updateSiteShareLinkById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/site-spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        /**
         * List the site spaces of a site
         * @description In reading order: by section, then in the order of each section. Any member may list them.
         */
        get: operations["listSiteSpaces"];
        put?: never;
        /**
         * Add a space to a site
         * @description Adds a site space at the end of section `sectionId`, or of the default section, or of the root when the site has no sections; the first of its section becomes the default. Needs `create` or higher.
         */
        post: operations["addSpaceToSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a space from a site
         * @description Deleting the default makes the first remaining site space of its section the default. Answers 204 also when there is no such site space. Needs `create` or higher.
         */
        delete: operations["deleteSiteSpaceById"];
        options?: never;
        head?: never;
        /**
         * Update a site space
         * @description `condition` absent stays, `null` removes it; `spaceId` points the site space at another space. Needs `create` or higher.
         */
        patch: operations["updateSiteSpaceById"];
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the customization of a site space
         * @description Every setting as it applies to the site space: its own, over the site's, over the defaults. Any member may read it.
         */
        get: operations["getSiteSpaceCustomizationById"];
        /**
         * Replace the customization of a site space
         * @description Replaces every key the site space sets over its site's (a key left out follows the site). Needs `create` or higher.
         */
        put: operations["updateSiteSpaceCustomizationById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a site space
         * @description Puts the site space right before or after another one of the same section (or of the root). Needs `create` or higher.
         */
        post: operations["moveSiteSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sites/{siteId}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpublish a site
         * @description Makes the site no longer live. Needs `admin`.
         */
        post: operations["unpublishSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the spaces of an organization
         * @description Spaces in their order among siblings, as `moveSpace` arranges them. Deleted spaces are left out.
         */
        get: operations["listSpacesInOrganizationById"];
        put?: never;
        /**
         * Create a space
         * @description Creates a private space with an empty first revision, at the end of its siblings. Needs `create` or higher.
         */
        post: operations["createSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List how to sign in to an organization with single sign-on
         * @description The active SAML and OpenID Connect providers of the organization, with where a browser starts signing in. Open to anyone: a sign-in page shows it before the visitor has a token.
         */
        get: operations["listSSOProviderLoginsInOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the teams of an organization
         * @description Oldest first. Filter by `title` and by `owner` (teams that member may manage). Needs a role in the organization.
         */
        get: operations["listTeamsInOrganizationById"];
        /**
         * Create a team
         * @description With its first members (user IDs of members of the organization). Needs `admin`.
         */
        put: operations["createOrganizationTeam"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        /**
         * Get a team
         * @description Needs a role in the organization.
         */
        get: operations["getTeamInOrganizationById"];
        put?: never;
        post?: never;
        /**
         * Delete a team
         * @description Its members stay in the organization; the grants of the team go. Needs `admin`.
         */
        delete: operations["removeTeamFromOrganizationById"];
        options?: never;
        head?: never;
        /**
         * Rename a team
         * @description Needs `admin`.
         */
        patch: operations["updateTeamInOrganizationById"];
        trace?: never;
    };
    "/orgs/{organizationId}/teams/{teamId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        /**
         * List the members of a team
         * @description Oldest membership first. Needs a role in the organization.
         */
        get: operations["listTeamMembersInOrganizationById"];
        /**
         * Update the members of a team
         * @description Adds and removes members (by user ID or email; an email of someone outside the organization is a 400 naming it) and sets roles. Needs `admin`, or to own the team.
         */
        put: operations["updateMembersInOrganizationTeam"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/teams/{teamId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Add or update a team member
         * @description The user must be a member of the organization. Needs `admin`, or to own the team.
         */
        put: operations["addMemberToOrganizationTeamById"];
        post?: never;
        /**
         * Remove a member from a team
         * @description Needs `admin`, or to own the team.
         */
        delete: operations["deleteMemberFromOrganizationTeamById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the translations of an organization
         * @description Newest first. Any member may list them.
         */
        get: operations["listTranslations"];
        put?: never;
        /**
         * Create a translation
         * @description Keeps the source space translated into `language`, in a space of the organization made by the first run. A run is queued at once, and again whenever the source space changes. Needs `create` or higher, and the source space must be one the caller may read.
         */
        post: operations["createTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/translations/{translationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        /**
         * Get a translation by its ID
         * @description Any member may read it.
         */
        get: operations["getTranslation"];
        /**
         * Update a translation
         * @description Replaces the instructions and queues a run, which translates every page again with them. Needs `create` or higher.
         */
        put: operations["updateTranslation"];
        post?: never;
        /**
         * Delete a translation
         * @description Stops keeping the result space translated; the result space stays. Answers 205 when it deleted the translation, 204 when there was none. Needs `create` or higher.
         */
        delete: operations["deleteTranslation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/translations/{translationId}/run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a translation again
         * @description Queues a run now (a run already waiting is moved up). Only pages whose source changed since the last run are translated again. Needs `create` or higher.
         */
        post: operations["runTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        /**
         * List the webhooks of an organization
         * @description Oldest first, without their secrets. Needs `admin`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Starts sending the organization's events of the chosen kinds to a URL. The answer holds the signing secret, shown this once. Needs `admin`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description Without its secret. Needs `admin`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Stops its deliveries, pending ones included, and forgets them. Needs `admin`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Changes its URL, events, description, or turns it on or off. Turning it on again clears why the server turned it off. Needs `admin`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Newest first, kept as long as their events. Needs `admin`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the delivery. */
                deliveryId: components["parameters"]["webhookDeliveryId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        /**
         * Get a webhook delivery
         * @description Needs `admin`.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the delivery. */
                deliveryId: components["parameters"]["webhookDeliveryId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery's event again
         * @description Queues a new delivery of the same event (same `webhook-id`, so receivers that already have it can tell), with fresh attempts. Needs `admin`; the webhook must be active.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook
         * @description Records a `webhook.pinged` event and sends it to this webhook only, whatever its events, as a delivery like any other. Needs `admin`; the webhook must be active.
         */
        post: operations["pingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{organizationId}/webhooks/{webhookId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret
         * @description Makes a new secret, shown this once. For 24 hours requests carry a signature by the previous secret too, so receivers can switch without missing an event. Needs `admin`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /** Get a space */
        get: operations["getSpaceById"];
        put?: never;
        post?: never;
        /**
         * Delete a space
         * @description Moves the space to the trash: it is listed nowhere and reads as not found, but an admin can
         *     restore it for 7 days, after which it is removed for good. Answers 204 also when there is no
         *     such space.
         */
        delete: operations["deleteSpaceById"];
        options?: never;
        head?: never;
        /**
         * Update a space
         * @description `title` and `emoji` need `edit` or higher; `editMode`, `defaultLevel` and `mergeRules` need `admin`. Users named in `mergeRules` must be members of the organization (400 otherwise).
         */
        patch: operations["updateSpaceById"];
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the change requests of a space
         * @description Most recently updated first (or created, with `orderBy=createdAt`). Needs `read` or higher on the space.
         */
        get: operations["listChangeRequestsForSpace"];
        put?: never;
        /**
         * Create a change request
         * @description Opens a change request on the space's current revision. Needs `edit` or higher; a locked space answers 409.
         */
        post: operations["createChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a change request
         * @description By its ID or its number in the space. Needs `read` or higher on the space; a site's reader token reads no change request (404), so a published site's preview URLs are for members.
         */
        get: operations["getChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a change request
         * @description Changes its subject, description or status (`draft`, `open`, `archived`; only a merge makes it `merged`, and a merged one keeps its status). Needs `edit` or higher.
         */
        patch: operations["updateChangeRequestById"];
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the changes of a change request
         * @description What the change request changed against its merge base. Needs `read` or higher.
         */
        get: operations["getChangeRequestChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the members who commented in a change request
         * @description The organization's members who posted a comment or a reply there, by user ID; people who have since left it are not listed. Needs `read` or higher on the space.
         */
        get: operations["listCommentersInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the comments in a change request
         * @description Newest first unless `order=asc`. Needs `read` or higher on the space.
         */
        get: operations["listCommentsInChangeRequest"];
        put?: never;
        /**
         * Post a comment in a change request
         * @description Optionally on a page (`page`) and one of its blocks (`node`). Needs `comment` or higher.
         */
        post: operations["postCommentInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a comment in a change request
         * @description Needs `read` or higher on the space.
         */
        get: operations["getCommentInChangeRequest"];
        /**
         * Update a comment in a change request
         * @description Resolves or reopens it and adds or removes the caller's reactions (`comment` or higher); changes its body (its author only).
         */
        put: operations["updateCommentInChangeRequest"];
        post?: never;
        /**
         * Delete a comment in a change request
         * @description With its replies. Its author or an admin of the space; 204 also when it did not exist.
         */
        delete: operations["deleteCommentInChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the replies to a comment in a change request
         * @description Oldest first unless `order=desc`. Needs `read` or higher on the space.
         */
        get: operations["listCommentRepliesInChangeRequest"];
        put?: never;
        /**
         * Reply to a comment in a change request
         * @description Needs `comment` or higher.
         */
        post: operations["postCommentReplyInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reply to a comment in a change request
         * @description Needs `read` or higher on the space.
         */
        get: operations["getCommentReplyInChangeRequest"];
        /**
         * Update a reply to a comment in a change request
         * @description Adds or removes the caller's reactions (`comment` or higher); changes its body (its author only).
         */
        put: operations["updateCommentReplyInChangeRequest"];
        post?: never;
        /**
         * Delete a reply to a comment in a change request
         * @description Its author or an admin of the space; 204 also when it did not exist.
         */
        delete: operations["deleteCommentReplyInChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the current revision of a change request
         * @description The whole content of the change request, its page tree (without bodies), files and variables. Needs `read` or higher on the space.
         */
        get: operations["getRevisionOfChangeRequestById"];
        put?: never;
        /**
         * Apply a batch of content changes to a change request
         * @description Applies 1 to 50 changes in order, all or nothing, as one new revision of the change
         *     request: insert, update (fields, body, moves), delete and revert pages, insert files, replace
         *     the variables, insert, update and delete reusable contents. A change that names a page that does not exist, or any other invalid change, is
         *     a 400 and nothing is written. Needs `edit` or higher; a locked space answers 409. Answers the
         *     change request, or with `compat=false` the change request with the pages the batch affected
         *     and the files and reusable contents it added.
         */
        post: operations["updateChangeRequestContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the files of a change request
         * @description Files with a signed download URL each. Needs `read` or higher on the space.
         */
        get: operations["listFilesInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a file of a change request by its ID
         * @description The file with a signed download URL. Needs `read` or higher on the space.
         */
        get: operations["getFileInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages linking to a file in a change request
         * @description The pages of the change request whose body links to or shows this file. Needs `read` or higher on the space.
         */
        get: operations["listFileBacklinksInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into a change request
         * @description Adds the imported pages at the end of the change request, as one new revision of it. Needs
         *     `edit` or higher; a locked space or a merged change request answers 409.
         *     Every fetch goes through the server's outbound guard; a failed import writes nothing.
         */
        post: operations["importContentInChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a change request by its ID
         * @description The page with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages linking to a page in a change request
         * @description The pages of the change request whose body links to this page. Needs `read` or higher on the space.
         */
        get: operations["listPageBacklinksInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the links of a page in a change request
         * @description The links written in one page of the change request, with their state there. Needs `read` or higher on the space.
         */
        get: operations["listPageLinksInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the meta links of a page of a change request
         * @description The canonical and alternate links of a document page of the change request. Needs `read` or higher on the space. A group or link page has none: 404.
         */
        get: operations["listChangeRequestPageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of a change request
         * @description The page tree of the change request, without bodies. Needs `read` or higher on the space.
         */
        get: operations["listPagesInChangeRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a change request by its path
         * @description The page at a path of slugs (`guides/install`), with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageInChangeRequestByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of a change request by its ID
         * @description A reusable content of the change request's current revision. Needs `read` or higher on the space.
         */
        get: operations["getReusableContentInChangeRequestById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Show a change request's changes as a Markdown diff
         * @description The pages the change request changed against its merge base (the pages `getChangeRequestChanges` lists), ordered by path, each with a unified diff of its Markdown from the merge base to the change request. The Markdown is the body `getPageById` answers with `format=markdown`; the file names are the page paths, `a/<path>.md` and `b/<path>.md`, and `/dev/null` for the side a created or deleted page is missing from. `patch` is empty when the Markdown is the same on both sides: a page only moved, renamed or otherwise changed outside its body, and a group or link page, which has no body. Needs `read` or higher.
         */
        get: operations["getChangeRequestDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a change request into its space
         * @description A three-way merge of the merge base, the space's content and the change request's: changes
         *     on one side combine with the other's, bodies both sides edited merge line by line. The result
         *     is a `merge` revision of the space and the change request becomes `merged`. On conflicts
         *     nothing changes and the answer lists them. Needs `review` or higher; a locked space, or a
         *     merged or archived change request, answers 409. So does a merge the space's merge rules
         *     refuse: its message names the first unmet rule, nothing is merged, and the refusal is
         *     recorded (`change_request.merge_refused`).
         */
        post: operations["mergeChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a temporary URL to download a change request's content as PDF
         * @description A PDF of the change request's content as it stands, made and kept as `getSpacePDF` makes the space's. Needs `read` or higher on the space.
         */
        get: operations["getChangeRequestPDF"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List who is asked to review a change request
         * @description The pending requests, oldest first; a review fulfils its reviewer's request. Needs `read` or higher on the space.
         */
        get: operations["getRequestedReviewersByChangeRequestId"];
        put?: never;
        /**
         * Ask people to review a change request
         * @description Each user must have the `comment` role or higher on the space (enough to discuss it) and must
         *     not be the change request's author (400 otherwise). Asking someone already asked again renews the request on the current revision,
         *     which makes their earlier reviews outdated. The subject and description can be set at the
         *     same time. Needs `edit` or higher; a merged or archived change request answers 409.
         */
        post: operations["requestReviewersForChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw a review request
         * @description Needs `edit` or higher; 204 also when the user was not asked.
         */
        delete: operations["removeRequestedReviewerFromChangeRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the reviews of a change request
         * @description Oldest first. Needs `read` or higher on the space.
         */
        get: operations["getReviewsByChangeRequestId"];
        put?: never;
        /**
         * Review a change request
         * @description Approves the change request's current revision or asks for changes, optionally with a comment
         *     (posted on the change request, targeting the review). A reviewer's earlier reviews become
         *     outdated, and their pending review request is fulfilled. Needs `review` or higher on the space,
         *     or a pending request to review it; its author cannot review it (403). A merged or archived
         *     change request answers 409.
         */
        post: operations["submitChangeRequestReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the change request review. */
                reviewId: components["parameters"]["reviewId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a review of a change request
         * @description Needs `read` or higher on the space.
         */
        get: operations["getChangeRequestReviewById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/change-requests/{changeRequestId}/update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a change request with the content of its space
         * @description Brings into the change request what its space gained since the merge base, with the same
         *     three-way merge as a merge: an `update` revision of the change request, whose merge base
         *     becomes the space's current revision. On conflicts nothing changes, unless `resolutions`
         *     settles them: a page field both sides changed takes the side it names, and the change
         *     request can then merge. Needs `edit` or higher.
         */
        post: operations["updateChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/commenters": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the members who commented in a space
         * @description The organization's members who posted a comment or a reply there, by user ID; people who have since left it are not listed. Needs `read` or higher on the space.
         */
        get: operations["listCommentersInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the comments in a space
         * @description Newest first unless `order=asc`. Needs `read` or higher on the space.
         */
        get: operations["listCommentsInSpace"];
        put?: never;
        /**
         * Post a comment in a space
         * @description Optionally on a page (`page`) and one of its blocks (`node`). Needs `comment` or higher.
         */
        post: operations["postCommentInSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a comment in a space
         * @description Needs `read` or higher on the space.
         */
        get: operations["getCommentInSpace"];
        /**
         * Update a comment in a space
         * @description Resolves or reopens it and adds or removes the caller's reactions (`comment` or higher); changes its body (its author only).
         */
        put: operations["updateCommentInSpace"];
        post?: never;
        /**
         * Delete a comment in a space
         * @description With its replies. Its author or an admin of the space; 204 also when it did not exist.
         */
        delete: operations["deleteCommentInSpace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/comments/{commentId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the replies to a comment in a space
         * @description Oldest first unless `order=desc`. Needs `read` or higher on the space.
         */
        get: operations["listCommentRepliesInSpace"];
        put?: never;
        /**
         * Reply to a comment in a space
         * @description Needs `comment` or higher.
         */
        post: operations["postCommentReplyInSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reply to a comment in a space
         * @description Needs `read` or higher on the space.
         */
        get: operations["getCommentReplyInSpace"];
        /**
         * Update a reply to a comment in a space
         * @description Adds or removes the caller's reactions (`comment` or higher); changes its body (its author only).
         */
        put: operations["updateCommentReplyInSpace"];
        post?: never;
        /**
         * Delete a reply to a comment in a space
         * @description Its author or an admin of the space; 204 also when it did not exist.
         */
        delete: operations["deleteCommentReplyInSpace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the current revision of a space
         * @description The whole content of the space, its page tree (without bodies), files and variables. Needs `read` or higher on the space.
         */
        get: operations["getCurrentRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/computed/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compute a document from a content source
         * @description Computes a document from a content source, as a computed page shows it:
         *     * `builtin:openapi`: from the latest version of one of the organization's OpenAPI specs
         *       (`dependencies.spec`), the page `props.doc` names, made of OpenAPI blocks (operations,
         *       schemas), headings and paragraphs. A spec without a version yet is a 409.
         *     * `builtin:translation`: the document `props.document` of the space `props.space` (the
         *       translation's source, which the caller may read), translated with the engine the server is
         *       configured with into the language of the translation `dependencies.translation`. Without
         *       an engine configured it is a 409; an engine that fails is a 502.
         *     * `integration:<integration>:<source>`: what the content source `<source>` of an integration
         *       installed on the space (or on its organization for every space) answers: its published
         *       script runs in a sandbox (CPU, memory and time limits; `fetch` through the outbound
         *       guard) on GitBook's `content_compute_document` event. A script that fails, is stopped or
         *       answers no document is a 502.
         *
         *     The keys of the document's blocks are made from `seed`: the same source and seed compute
         *     the same document. A dependency the organization does not have, or that the caller may not
         *     read, is a 400 naming it. Needs `read` or higher on the space.
         */
        post: operations["getComputedDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the files of a space
         * @description Files with a signed download URL each. Needs `read` or higher on the space.
         */
        get: operations["listFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a file of a space by its ID
         * @description The file with a signed download URL. Needs `read` or higher on the space.
         */
        get: operations["getFileById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/files/{fileId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages linking to a file
         * @description The pages of the current revision whose body links to or shows this file. Needs `read` or higher on the space.
         */
        get: operations["listFileBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into a space
         * @description Fetches the source and adds its pages (and files) at the end of the space, as one new
         *     revision of the space. Needs `edit` or higher; a locked space answers 409.
         *     Every fetch goes through the server's outbound guard; a failed import writes nothing.
         */
        post: operations["importContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a space by its ID
         * @description The page with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/page/{pageId}/backlinks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages linking to a page
         * @description The pages of the current revision whose body links to this page. Needs `read` or higher on the space.
         */
        get: operations["listPageBacklinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/page/{pageId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import content into a page of a space
         * @description Like `importContent`, but the imported pages go under the page `pageId`. Needs `edit` or
         *     higher; a locked space answers 409.
         *     Every fetch goes through the server's outbound guard; a failed import writes nothing.
         */
        post: operations["importContentInPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/page/{pageId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the links of a page
         * @description The links written in one page of the current revision, with their state. Needs `read` or higher on the space.
         */
        get: operations["listPageLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the meta links of a page
         * @description The canonical and alternate links of a document page of the current revision. Needs `read` or higher on the space. A group or link page has none: 404.
         */
        get: operations["listSpacePageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of a space
         * @description The page tree of the space, without bodies. Needs `read` or higher on the space.
         */
        get: operations["listPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a space by its path
         * @description The page at a path of slugs (`guides/install`), with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of a space by its ID
         * @description A reusable content of the space's current revision: its title and the ID of the document holding its body. Needs `read` or higher on the space.
         */
        get: operations["getReusableContentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/content/template": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a built-in template to a space
         * @description Adds the pages of a built-in template (see `listContentTemplates`) at the end of the space,
         *     as one new revision. An unknown `id` is a 400 naming the known ones. Needs `edit` or higher;
         *     a locked space answers 409.
         */
        post: operations["applyTemplateToSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of a body in the space (a page's `documentId`). */
                documentId: components["parameters"]["documentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a document of a space by its ID
         * @description The body of a page or of a reusable content of the space's current revision, by its `documentId` (a reusable content's `document`), as a JSON document. Needs `read` or higher on the space, or a site's reader token for one of its spaces (which reads it evaluated for its visitor).
         */
        get: operations["getDocumentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a space
         * @description A copy of the space in the same organization and collection, titled as a copy, with the same content (shared, not copied); change requests and comments are not copied. Needs `create` or higher.
         */
        post: operations["duplicateSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/embed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Preview a URL a page of the space embeds
         * @description What `url` shows as in an embed block: the HTML of its oEmbed answer when its page links one, else a card with its Open Graph title, site name and icon. The URL is fetched through the outbound guard (private and loopback addresses are refused unless `OUTBOUND_ALLOW_PRIVATE`) and its preview kept an hour. A URL that answers nothing usable is a 404. Needs `read` or higher on the space, or the reader token of a site that publishes it.
         */
        get: operations["getEmbedByUrlInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/git/connection": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * The repository a space is kept in step with
         * @description The space's standing connection: its repository, branch and folder, how often it is
         *     polled, the URL its host sends push webhooks to, and how the latest sync went. Credentials
         *     and the webhook secret are never shown. 404 when the space is not connected. Needs `read`
         *     or higher.
         */
        get: operations["getSpaceGitConnection"];
        /**
         * Keep a space in step with a Git repository
         * @description Connects the space to a branch of a repository (replacing its connection, whose webhook
         *     URL stays), and queues the first sync in the direction `initialSync` says. From then on
         *     every new revision of the space (a merge, a live edit) is pushed as one commit of the files
         *     it changed, authored by the member who made it with the change request's subject as its
         *     message; and every push to the branch, learned from the host's webhook (GitHub, GitLab,
         *     Gitea, Forgejo) or from a poll every `pollInterval` seconds, comes back into the space. A
         *     push that edits a page the space also edited since they last agreed is left in a change
         *     request, with the conflicts its merge shows. The answer carries `webhookSecret` once, when
         *     Quire made it. Needs `admin` on the space.
         */
        put: operations["setSpaceGitConnection"];
        post?: never;
        /**
         * Stop keeping a space in step with its repository
         * @description Removes the connection; syncs it queued and not yet run fail saying so. What the space and
         *     the repository hold stays as it is. Needs `admin` on the space.
         */
        delete: operations["deleteSpaceGitConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/git/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a space to a Git repository
         * @description Queues an export of the space's content to the branch `ref` of the repository at `url`
         *     (credentials may be given in the URL), as one commit with `commitMessage`, in GitBook's Git
         *     format. Only the files of what changed since the space and the repository last agreed are
         *     written, so an export with nothing changed makes no commit, and files of the repository
         *     that are not the space's are left alone. A branch the repository lacks is created. Imports
         *     and exports of a space run one at a time, in the order they were asked for. Needs `admin`: an
         *     export sends the space anywhere its URL says.
         */
        post: operations["exportToGitRepository"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/git/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Git repository into a space
         * @description Queues an import of the branch `ref` of the repository at `url` (credentials may be given in
         *     the URL) in GitBook's Git format: `.gitbook.yaml`, `SUMMARY.md` as the page tree, page
         *     files with frontmatter, files under `.gitbook/assets/`. The space's content is made to match
         *     the repository, changing only what the repository changed since the space and the
         *     repository last agreed. Imports and exports of a space run one at a time, in the order they
         *     were asked for; `getSpaceGitInfo` shows how the latest one went. Needs `edit` or higher; a
         *     locked space answers 409. An import by anyone below `admin` is made as a change request on
         *     the space (as `standalone: true` asks), for review: only admins change the content directly.
         */
        post: operations["importGitRepository"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/git/info": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * How a space's Git sync stands
         * @description The repository the space was last imported from or exported to, and the latest import or
         *     export: running, done, or failed and why. 404 when the space was never synced. Needs
         *     `read` or higher.
         */
        get: operations["getSpaceGitInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the links of a space
         * @description Every link written in the current revision, with its state, and counts of the broken ones (also those in open change requests). Needs `read` or higher on the space.
         */
        get: operations["listSpaceLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a space
         * @description Puts the space in another parent collection (`null` for the top level) and/or next to a
         *     sibling. Without `position` it goes to the end of its siblings. Needs `create` or higher.
         */
        post: operations["moveSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a temporary URL to download the space as PDF
         * @description A PDF of the space's current content: a title page with the space's title, then each page from its own page, with its headings, text, lists, tables, highlighted code, images and hints; the outline of bookmarks follows the page tree, and links between pages jump inside the PDF. Hidden pages are left out unless `page` names one. The URL comes at once: the PDF is made in the background, and kept by content, so asking again for the same content and options answers the URL of the PDF already made. Needs `read` or higher on the space.
         */
        get: operations["getSpacePDF"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant a role on a space
         * @description To users (members or guests of the space's organization) or to teams of it; a grant they already have changes to this role. Needs `admin` on the space.
         */
        post: operations["inviteToSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/permissions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List everyone who may read a space
         * @description With their effective role and every source of it, by user ID. Needs `admin` on the space.
         */
        get: operations["listPermissionsAggregateInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/permissions/teams": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the teams granted a role on a space
         * @description Oldest grant first. Needs `admin` on the space.
         */
        get: operations["listTeamPermissionsInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/permissions/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a team's grant on a space
         * @description Needs `admin` on the space.
         */
        delete: operations["removeTeamFromSpace"];
        options?: never;
        head?: never;
        /**
         * Change a team's role on a space
         * @description Grants it when the team has none. Needs `admin` on the space.
         */
        patch: operations["updateTeamPermissionInSpace"];
        trace?: never;
    };
    "/spaces/{spaceId}/permissions/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the users granted a role on a space
         * @description Oldest grant first. Needs `admin` on the space.
         */
        get: operations["listUserPermissionsInSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/permissions/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a user's grant on a space
         * @description Their organization role and team grants still apply. Needs `admin` on the space.
         */
        delete: operations["removeUserFromSpace"];
        options?: never;
        head?: never;
        /**
         * Change a user's role on a space
         * @description Grants it when the user has none. Needs `admin` on the space.
         */
        patch: operations["updateUserPermissionInSpace"];
        trace?: never;
    };
    "/spaces/{spaceId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted space
         * @description Brings back a space deleted in the last 7 days. Needs `admin`.
         */
        post: operations["restoreSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a revision
         * @description The whole content of the revision, its page tree (without bodies), files and variables. Needs `read` or higher on the space.
         */
        get: operations["getRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the changes of a revision
         * @description What the revision changed against its first parent. Needs `read` or higher.
         */
        get: operations["getRevisionSemanticChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the files of a revision
         * @description Files with a signed download URL each. Needs `read` or higher on the space.
         */
        get: operations["listFilesInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a file of a revision by its ID
         * @description The file with a signed download URL. Needs `read` or higher on the space.
         */
        get: operations["getFileInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a revision by its ID
         * @description The page with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the document of a page in a revision
         * @description The page's body as a JSON document. With `evaluated`, conditional blocks whose condition is false for the reader are left out (a site's reader token always reads evaluated: its visitor's claims decide; an API token reads as a visitor without claims). Needs `read` or higher on the space, or a site's reader token for one of its spaces.
         */
        get: operations["getPageDocumentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the meta links of a page in a revision
         * @description The canonical and alternate links of a document page of a revision. Needs `read` or higher on the space, or a site's reader token for one of its spaces. A group or link page has none: 404.
         */
        get: operations["listRevisionPageMetaLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * List the pages of a revision
         * @description The page tree of the revision, without bodies. Needs `read` or higher on the space.
         */
        get: operations["listPagesInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a page of a revision by its path
         * @description The page at a path of slugs (`guides/install`), with its body (`format`) and its children. Needs `read` or higher on the space.
         */
        get: operations["getPageInRevisionByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a reusable content of a revision by its ID
         * @description A reusable content of a revision of the space. Needs `read` or higher on the space, or a site's reader token for one of its spaces.
         */
        get: operations["getReusableContentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the document of a reusable content in a revision
         * @description The reusable content's body as a JSON document. With `evaluated`, conditional blocks whose condition is false for the reader are left out (a site's reader token always reads evaluated). Needs `read` or higher on the space, or a site's reader token for one of its spaces.
         */
        get: operations["getReusableContentDocumentInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/revisions/{revisionId}/variables": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Get the variables of a revision
         * @description The space's variables as the revision has them, name → value: what expressions in its pages (`space.vars.<name>`) show. The same map as the revision's `variables`, without reading its page tree and files. Needs `read` or higher on the space, or a site's reader token for one of its spaces.
         */
        get: operations["getVariablesInRevisionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        /**
         * Search the content of a space
         * @description Pages of the current revision that match `query`, the most relevant first, with their matching sections. Needs `read` or higher on the space.
         */
        get: operations["searchSpaceContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer a space to another organization
         * @description Moves the space to the top level of another organization. The caller must be an admin of the
         *     space and of the target organization.
         */
        post: operations["transferSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/urls/published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a URL of published content
         * @description Finds the site, section, site space and page path a reader's URL points at, as GitBook's renderer asks: a URL under `{PUBLIC_URL}/s/{siteId}/`, or on an organization's `hostname` under a site's `basename`. Needs no token: the answer's `apiToken` reads only what this visitor may read of this site (its live site spaces whose `condition` holds for the visitor, through the published-content reads) and expires within the hour. A share-link site needs the URL's `share` (or `shareKey`) parameter to be the key of one of its active, unexpired links; a `visitor-auth` site needs `visitor.jwtToken` (or the URL's `jwt_token`) signed with the site's publishing key. An unpublished site, and every refusal, is a 404, except a visitor-auth refusal with `redirectOnError`, answered as a redirect to the site's fallback URL when it has one.
         */
        post: operations["resolvePublishedContentByUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the authenticated user
         * @description The user the API token belongs to.
         */
        get: operations["getAuthenticatedUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's sessions
         * @description The caller's sessions that have not ended, newest first.
         */
        get: operations["listUserSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a session. */
                sessionId: components["parameters"]["sessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of the caller's sessions
         * @description The session is refused from its next request on. Another person's session is a 404.
         */
        delete: operations["revokeUserSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's API tokens
         * @description The caller's API tokens, newest first; their secrets are never answered again.
         */
        get: operations["listUserApiTokens"];
        put?: never;
        /**
         * Create an API token for the caller
         * @description Answers the new token with its secret, this once; only its hash is kept. The caller must be a member of an organization, whose audit log records it (403 otherwise).
         */
        post: operations["createUserApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an API token. */
                tokenId: components["parameters"]["tokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of the caller's API tokens
         * @description The token is refused from its next request on. Another person's token is a 404.
         */
        delete: operations["revokeUserApiToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        /**
         * Get a user by ID
         * @description What anyone with an account may know of another: the user's name and picture (their email only when they ask about themselves). A site's reader token may read it too, as GitBook's renderer does for the people it shows.
         */
        get: operations["getUserById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An event, as a webhook receives it
         * @description What Quire POSTs to a webhook's URL for each event it subscribes to. Verify the `webhook-signature` header with the webhook's secret and any Standard Webhooks library, answer 2xx within 10 seconds, and use `webhook-id` to ignore an event you already have: failed attempts are retried for about a day (after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h), so an event may arrive more than once.
         */
        post: operations["receiveEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description What an agent (an assistant reading the site through its MCP server, a CLI, a script) reports about the site or the product: what it was doing, what went wrong and how it worked around it. */
        AgentFeedbackInput: {
            feedback: {
                /** @enum {string} */
                category: "usability" | "reliability" | "documentation" | "efficiency" | "interoperability" | "could-not-accomplish";
                detail?: string;
                goal?: string;
                metrics?: {
                    callCount?: number;
                    retryCount?: number;
                    successCount?: number;
                };
                /** @enum {string} */
                severity?: "low" | "medium" | "high";
                summary: string;
                workaround?: string;
            };
            reportedBy?: {
                /** @description The agent's own id for the work it reports on; an answer's id ties the feedback to that answer. */
                correlationId?: string;
                model?: string;
                /** @default false */
                onDemand: boolean;
                userAgent?: string;
            };
            /** @description What the feedback is about. */
            subject: {
                /** @enum {string} */
                kind: "mcp-tool";
                target?: string;
                toolName: string;
            } | {
                command: string;
                flags?: string[];
                /** @enum {string} */
                kind: "cli-command";
            } | {
                /** @enum {string} */
                kind: "api-endpoint";
                /** @enum {string} */
                method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
                path: string;
            } | {
                /** @enum {string} */
                kind: "documentation";
                /** Format: uri */
                url: string;
            } | {
                /** @enum {string} */
                kind: "generic";
            };
        };
        /** @description What the model answered, as a message of one final step. */
        AIMessage: {
            /** Format: date-time */
            createdAt?: string;
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "developer";
            steps: {
                content?: components["schemas"]["JsonDocument"];
                /** @enum {string} */
                phase?: "commentary" | "final_answer";
            }[];
        };
        ApiInformation: {
            /**
             * @description When this release was built, in ISO 8601.
             * @example 2026-11-22T10:00:00.000Z
             */
            build: string;
            /**
             * @description Release of Quire answering.
             * @example 0.1.0
             */
            version: string;
        };
        /** @description One of a person's API tokens, for programs; its secret is answered only when it is made. */
        ApiToken: {
            /** Format: date-time */
            createdAt: string;
            /** @description Unique identifier of the token (not the token itself). */
            id: string;
            /** @enum {string} */
            object: "api-token";
            /** @description The token (`qr_…`), answered once, when it is created. */
            token?: string;
        };
        ApiTokenList: components["schemas"]["List"] & {
            items: components["schemas"]["ApiToken"][];
        };
        AuditEvent: {
            action: components["schemas"]["AuditEventActionId"];
            actor: components["schemas"]["AuditEventParty"];
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            object: "audit-event";
            occurredAt: components["schemas"]["Timestamp"];
            /**
             * @description `api` for a change made by a request, `workflow` for background work.
             * @enum {string}
             */
            source: "api" | "workflow";
            target: components["schemas"]["AuditEventParty"];
            urls: {
                /** Format: uri */
                location: string;
            };
        };
        /**
         * @description What happened; the same names serve the audit log and webhooks. `x-enumDescriptions` gives each its label, which `GET …/audit-event-actions` lists.
         * @enum {string}
         */
        AuditEventActionId: "organization.created" | "organization.updated" | "collection.created" | "space.created" | "space.updated" | "space.deleted" | "space.restored" | "space.moved" | "space.transferred" | "space.duplicated" | "space.purged" | "change_request.created" | "change_request.updated" | "change_request.content_updated" | "space.content_imported" | "space.git_import_requested" | "space.git_export_requested" | "space.git_imported" | "space.git_exported" | "space.git_sync_failed" | "space.git_connected" | "space.git_disconnected" | "space.template_applied" | "change_request.merged" | "change_request.updated_from_space" | "change_request.review_submitted" | "change_request.reviewers_requested" | "change_request.reviewer_removed" | "change_request.merge_refused" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "webhook.disabled" | "comment.created" | "comment.updated" | "comment.deleted" | "comment_reply.created" | "comment_reply.updated" | "comment_reply.deleted" | "saml_provider.created" | "saml_provider.updated" | "saml_provider.deleted" | "oidc_provider.created" | "oidc_provider.updated" | "oidc_provider.deleted" | "member.signed_in_with_sso" | "site.created" | "site.updated" | "site.deleted" | "site.published" | "site.unpublished" | "site.adaptive_schema_updated" | "site.customization_updated" | "site_section.created" | "site_section.updated" | "site_section.deleted" | "site_section.moved" | "site_section_group.created" | "site_section_group.updated" | "site_section_group.deleted" | "site_section_group.moved" | "site_section_group.section_added" | "site_section_group.section_removed" | "site_space.created" | "site_space.updated" | "site_space.deleted" | "site_space.moved" | "site_space.customization_updated" | "share_link.created" | "share_link.updated" | "share_link.deleted" | "site_redirect.created" | "site_redirect.updated" | "site_redirect.deleted" | "openapi_spec.created" | "openapi_spec.updated" | "openapi_spec.deleted" | "openapi_spec.version_created" | "integration.published" | "integration.unpublished" | "integration_installation.created" | "integration_installation.updated" | "integration_installation.deleted" | "integration_installation.space_added" | "integration_installation.space_updated" | "integration_installation.space_removed" | "integration_installation.site_added" | "integration_installation.site_updated" | "integration_installation.site_removed" | "member.updated" | "member.removed" | "member.sso_set" | "member.seen" | "user.signed_in" | "user.signed_out" | "user.session_revoked" | "user.token_created" | "user.token_revoked" | "member.joined" | "team.created" | "team.updated" | "team.deleted" | "team.members_updated" | "space.access_granted" | "space.access_revoked" | "invite_link.created" | "invite_link.updated" | "invite_link.deleted" | "translation.created" | "translation.updated" | "translation.deleted" | "translation.run_requested" | "translation.completed" | "translation.failed" | "space.content_translated" | "space.content_updated";
        AuditEventActionList: {
            items: {
                id: components["schemas"]["AuditEventActionId"];
                label: string;
                /** @enum {string} */
                object: "audit-event-action";
            }[];
        };
        AuditEventDetail: components["schemas"]["AuditEvent"] & {
            /** @description The event this one is an effect of, if any. */
            causedByEventId?: string;
            /** @description The request id (`X-Request-Id`) of the change, when a request made it. */
            correlationId?: string;
            /** @description ID of the request or job that made the change. */
            executionId: string;
            /** @description What changed, in a few fields. */
            payload: {
                [key: string]: unknown;
            };
            schemaVersion: number;
        };
        AuditEventList: components["schemas"]["List"] & {
            items: components["schemas"]["AuditEvent"][];
        };
        /** @description Who acted, or what was acted on. */
        AuditEventParty: {
            id: string;
            /** @description A name a person recognizes, as it was when the event happened. */
            label: string;
            /** @description For an actor `user` or `system`; for a target the kind of resource (`space`, `change-request`, …). */
            type: string;
        };
        BacklinkList: components["schemas"]["List"] & {
            /** @description The pages whose body links to the target, one item per page. */
            items: components["schemas"]["ContentLocation"][];
        };
        /**
         * @description The plan of the organization.
         * @enum {string}
         */
        BillingProduct: "free_2024" | "plus_2024" | "pro_2024" | "enterprise_2024" | "community_2024" | "free" | "plus" | "pro";
        /** @description A value before and after a change; a side without one had none. */
        ChangedAttribute: {
            after?: unknown;
            before?: unknown;
        };
        ChangedFile: {
            contentType: string;
            /** Format: uri */
            downloadURL: string;
            id: string;
            name: string;
        };
        ChangedPage: {
            id: string;
            path: string;
            title: string;
            /** @enum {string} */
            type: "document" | "group" | "link";
        };
        ChangedPageReference: {
            id: string;
            /** @enum {string} */
            object: "page";
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the page in the change request.
                 */
                location: string;
            };
        };
        ChangedReusableContent: {
            document?: string;
            id: string;
            title: string;
        };
        ChangeRequest: {
            /** @description Number of open comments. */
            comments: number;
            createdAt: components["schemas"]["Timestamp"];
            createdBy: components["schemas"]["User"];
            /** @description What the change request is for, as a document; absent until one is set. */
            description?: components["schemas"]["JsonDocument"];
            /** @description Unique identifier of the change request. */
            id: string;
            /** @description Number of the change request in its space (1, 2, 3…). */
            number: number;
            /** @enum {string} */
            object: "change-request";
            /** @description Whether the space has changed since the change request's merge base. */
            outdated: boolean;
            /** @description Only when the change request is read on its own, not in lists. */
            permissions?: components["schemas"]["ChangeRequestPermissions"];
            /** @description ID of the change request's current revision. */
            revision: string;
            /** @description ID of the space's revision the change request was created from. */
            revisionInitial: string;
            /** @description ID of the space's revision its merge made. */
            revisionMerged?: string;
            /** @description ID of the space's revision the change request was last updated from. */
            revisionMergedAncestor?: string;
            /** @description ID of the space. */
            space: string;
            status: components["schemas"]["ChangeRequestStatus"];
            subject: components["schemas"]["ChangeRequestSubject"];
            /** @description The merge rules that stop a merge now, in the order they are configured; empty when they all pass or a bypass applies to the caller. Only when the change request is read on its own. */
            unmetMergeRules?: components["schemas"]["UnmetMergeRule"][];
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the change request in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description URL of the change request in the API.
                 */
                location: string;
            };
        };
        ChangeRequestDiff: {
            items: components["schemas"]["PageDiff"][];
        };
        ChangeRequestList: components["schemas"]["List"] & {
            items: components["schemas"]["ChangeRequest"][];
        };
        /** @description What the caller may do with the change request now. */
        ChangeRequestPermissions: {
            /** @description Change its content, subject, description and status, and request reviewers. */
            edit: boolean;
            /** @description Merge it now; `unmetMergeRules` says which rules stop it when the role would allow it. */
            merge: boolean;
            /** @description Submit a review (`review` role or a pending request, and not its author). */
            review: boolean;
        };
        ChangeRequestRequestedReviewer: {
            createdAt: components["schemas"]["Timestamp"];
            /**
             * @description Who is requested; Quire requests users (GitBook also has teams).
             * @enum {string}
             */
            kind: "user";
            /** @enum {string} */
            object: "change-request-requested-reviewer";
            requestedBy: components["schemas"]["User"];
            /** @description ID of the change request's revision when the review was requested. */
            revision: string;
            user: components["schemas"]["User"];
        };
        ChangeRequestRequestedReviewerList: components["schemas"]["List"] & {
            items: components["schemas"]["ChangeRequestRequestedReviewer"][];
        };
        ChangeRequestReview: {
            /** @description The comment posted with the review, while it exists. */
            comment?: components["schemas"]["Comment"];
            createdAt: components["schemas"]["Timestamp"];
            /** @description Unique identifier of the review. */
            id: string;
            /** @enum {string} */
            object: "change-request-review";
            /** @description Whether the review no longer counts: the change request's content moved since, or the reviewer reviewed again or was requested again. */
            outdated: boolean;
            /** @description Who requested the review; absent when the reviewer was not requested. */
            requestedBy?: components["schemas"]["User"];
            reviewer: components["schemas"]["User"];
            /** @description ID of the change request's revision the review was made on. */
            revision: string;
            status: components["schemas"]["ChangeRequestReviewStatus"];
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the review in the API.
                 */
                location: string;
            };
        };
        ChangeRequestReviewList: components["schemas"]["List"] & {
            items: components["schemas"]["ChangeRequestReview"][];
        };
        /**
         * @description The reviewer's decision.
         * @enum {string}
         */
        ChangeRequestReviewStatus: "approved" | "changes-requested";
        /**
         * @description Where the change request stands; only a merge makes it `merged`.
         * @enum {string}
         */
        ChangeRequestStatus: "draft" | "open" | "archived" | "merged";
        /** @description Subject of the change request: empty, or with a character other than white space (zero-width ones count as white space). */
        ChangeRequestSubject: string;
        Collection: {
            defaultLevel: components["schemas"]["MemberRoleOrGuest"];
            description?: components["schemas"]["CollectionDescription"];
            /** @description Unique identifier of the collection. */
            id: string;
            /** @enum {string} */
            object: "collection";
            /** @description ID of the organization owning the collection. */
            organization: string;
            /** @description ID of the parent collection, when nested. */
            parent?: string;
            permissions: components["schemas"]["CollectionPermissions"];
            /** @description Title of the collection. */
            title: string;
            urls: {
                /** Format: uri */
                app: string;
                /** Format: uri */
                location: string;
            };
        };
        /** @description Description of the collection. */
        CollectionDescription: string;
        CollectionList: components["schemas"]["List"] & {
            items: components["schemas"]["Collection"][];
        };
        /** @description What the caller may do with the collection. */
        CollectionPermissions: {
            /** @description Can change the collection. */
            admin: boolean;
            /** @description Can create spaces and collections in it. */
            create: boolean;
            /** @description Can see the collection. */
            view: boolean;
            /** @description Can see invite links. */
            viewInviteLinks: boolean;
        };
        /** @description Title of the collection; it must have a character other than white space (zero-width ones count as white space). */
        CollectionTitle: string;
        Comment: {
            body: components["schemas"]["CommentBody"];
            editedAt?: components["schemas"]["Timestamp"];
            /** @description Unique identifier of the comment. */
            id: string;
            /** @enum {string} */
            object: "comment";
            permissions: components["schemas"]["CommentPermissions"];
            postedAt: components["schemas"]["Timestamp"];
            postedBy: components["schemas"]["User"];
            reactions: components["schemas"]["CommentReactions"];
            /** @description Who replied, most recent first, with how many replies each posted and when last. */
            repliers: {
                count: number;
                /** @description When they last replied. */
                updatedAt: components["schemas"]["Timestamp"];
                user: components["schemas"]["User"];
            }[];
            /** @description Number of replies. */
            replies: number;
            resolvedAt?: components["schemas"]["Timestamp"];
            resolvedBy?: components["schemas"]["User"];
            status: components["schemas"]["CommentStatus"];
            target: components["schemas"]["CommentTarget"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the comment in the API.
                 */
                location: string;
            };
        };
        /** @description A comment or reply body in the format the request asked for. */
        CommentBody: {
            markdown: string;
        } | {
            document: components["schemas"]["JsonDocument"];
        };
        /** @description A comment or reply body, as Markdown or as a JSON document. It may not be empty (`{}` or blank text is a 400). */
        CommentBodyInput: {
            markdown: string;
        } | {
            document: components["schemas"]["JsonDocument"];
        } | Record<string, never>;
        CommentInput: {
            body: components["schemas"]["CommentBodyInput"];
            /** @description Key of the block of `page` the comment is on; needs `page`. */
            node?: string;
            /** @description ID of the page the comment is on. */
            page?: components["schemas"]["ResourceId"];
            /** @description ID of a review of the change request the comment is about; only on change request comments. */
            review?: components["schemas"]["ResourceId"];
        };
        CommentList: components["schemas"]["List"] & {
            items: components["schemas"]["Comment"][];
        };
        /** @description What the caller may do with the comment or reply. */
        CommentPermissions: {
            /** @description Can delete it (its author, or an admin of the space). */
            delete: boolean;
            /** @description Can change its body (its author only). */
            edit: boolean;
            /** @description Can reply, react and resolve (`comment` role or higher). */
            reply: boolean;
            /** @description Can read it. */
            view: boolean;
        };
        /** @description Emoji (each one emoji character or sequence, such as 👍 or 👍🏽). */
        CommentReactionChanges: components["schemas"]["Emoji"][];
        /** @description The reactions, one entry per emoji, in the order each emoji was first used. */
        CommentReactions: {
            /** @description How many people reacted with this emoji. */
            count: number;
            emoji: components["schemas"]["Emoji"];
            /** @description Who reacted with it, earliest first. */
            users: {
                reactedAt: components["schemas"]["Timestamp"];
                user: components["schemas"]["User"];
            }[];
        }[];
        CommentReply: {
            body: components["schemas"]["CommentBody"];
            editedAt?: components["schemas"]["Timestamp"];
            /** @description Unique identifier of the reply. */
            id: string;
            /** @enum {string} */
            object: "comment-reply";
            permissions: components["schemas"]["CommentPermissions"];
            postedAt: components["schemas"]["Timestamp"];
            postedBy: components["schemas"]["User"];
            reactions: components["schemas"]["CommentReactions"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the reply in the API.
                 */
                location: string;
            };
        };
        CommentReplyInput: {
            body: components["schemas"]["CommentBodyInput"];
        };
        CommentReplyList: components["schemas"]["List"] & {
            items: components["schemas"]["CommentReply"][];
        };
        /** @description What to change; every field is optional but one is needed. */
        CommentReplyUpdateInput: {
            addedReactions?: components["schemas"]["CommentReactionChanges"];
            body?: components["schemas"]["CommentBodyInput"];
            removedReactions?: components["schemas"]["CommentReactionChanges"];
        };
        /**
         * @description `open` until someone resolves the comment; reopening makes it `open` again.
         * @enum {string}
         */
        CommentStatus: "open" | "resolved";
        /** @description What the comment is about. */
        CommentTarget: {
            /** @description ID of the change request, for a comment on one. */
            changeRequest?: string;
            /** @description The block of the page the comment is on. */
            node?: {
                /** @description The block's `key` in the page's document. */
                id: string;
                /** @description The block's plain text, shortened. */
                preview: string;
            };
            /** @description The page the comment is on, as it is now. */
            page?: {
                createdAt: components["schemas"]["Timestamp"];
                emoji?: string;
                icon?: string;
                id: string;
                /** @description Whether the page changed (or was deleted) since the comment was posted. */
                outdated: boolean;
                /** @description Path of the page in the content; its last known path once it is deleted. */
                path: string;
                title: string;
                updatedAt: components["schemas"]["Timestamp"];
            };
            /** @description ID of the change request review the comment is about. */
            review?: string;
            /** @description ID of the revision the comment was posted on. */
            revision: string;
            /** @description ID of the space. */
            space: string;
        };
        /** @description What to change; every field is optional but one is needed. */
        CommentUpdateInput: {
            addedReactions?: components["schemas"]["CommentReactionChanges"];
            body?: components["schemas"]["CommentBodyInput"];
            removedReactions?: components["schemas"]["CommentReactionChanges"];
            /** @description `true` resolves the comment, `false` reopens it (`comment` role or higher). */
            resolved?: boolean;
        };
        /** @description A dependency of a computation, before its resolution. */
        ComputedContentDependency: {
            ref: components["schemas"]["ContentRefSpace"] | components["schemas"]["ContentRefOpenAPI"] | components["schemas"]["TranslationRef"];
        };
        /** @description The OpenAPI spec a computation reads, by its `ref`; a `value` is accepted and not read. */
        ComputedContentDependencyOpenAPI: {
            ref: components["schemas"]["ContentRefOpenAPI"];
            value?: components["schemas"]["ComputedContentDependencyValue"];
        };
        /** @description A dependency of a computation with the value it had when the caller resolved it. */
        ComputedContentDependencyResolved: {
            ref: components["schemas"]["ContentRefSpace"] | components["schemas"]["ContentRefOpenAPI"] | components["schemas"]["TranslationRef"];
            value: components["schemas"]["ComputedContentDependencyValue"];
        };
        /** @description The translation a computation translates with, by its `ref`; a `value` is accepted and not read. */
        ComputedContentDependencyTranslation: {
            ref: components["schemas"]["TranslationRef"];
            value?: components["schemas"]["ComputedContentDependencyValue"];
        };
        /** @description What the dependency was when the caller resolved it (GitBook's resolved form). Accepted and not read: Quire resolves every dependency from its `ref` when it computes. */
        ComputedContentDependencyValue: {
            [key: string]: unknown;
        } | null;
        /** @description Where a computed document comes from, by `type`. */
        ComputedContentSourceDocument: components["schemas"]["ComputedContentSourceDocumentOpenAPI"] | components["schemas"]["ComputedContentSourceDocumentTranslation"] | components["schemas"]["ComputedContentSourceIntegration"];
        /**
         * @description A document computed from one of the organization's OpenAPI specs (its latest version), by `props.doc`:
         *     * `operations`: the page of a tag (`page` is the tag's name): its description, then a block for each of its operations.
         *     * `operation`: one operation (`page` is its path, `method` its method): a block for it.
         *     * `tag`: the tag's description alone (`page` is the tag's name), as a page grouping other tags shows it.
         *     * `info`: the spec's description, version and servers (`page` names the page and is not read).
         *     * `models`: a block for each schema of the spec.
         */
        ComputedContentSourceDocumentOpenAPI: components["schemas"]["ComputedContentSourceOpenAPIBase"] & {
            props: {
                /** @enum {string} */
                doc: "models";
            } | ({
                /** @enum {string} */
                doc: "operations" | "info";
            } & {
                page: string;
            }) | ({
                /** @enum {string} */
                doc: "operation";
            } & {
                deprecated?: boolean;
                /** @enum {string} */
                method: "get" | "post" | "put" | "delete" | "patch" | "options" | "head" | "trace" | "hook";
                page: string;
            }) | ({
                /** @enum {string} */
                doc: "tag";
            } & {
                page: string;
            });
        };
        /** @description A document of a space translated with one of the organization's translations: `props.space` is the translation's source space and `props.document` the `documentId` of one of its pages. */
        ComputedContentSourceDocumentTranslation: {
            /** @enum {string} */
            type: "builtin:translation";
        } & {
            dependencies: {
                translation: components["schemas"]["ComputedContentDependencyTranslation"];
            };
            props: {
                document: components["schemas"]["ResourceId"];
                space: components["schemas"]["ResourceId"];
            };
        };
        /** @description Content an integration computes (`integration:<integration>:<content source>`). */
        ComputedContentSourceIntegration: {
            /** @description Type of the computed source. */
            type: string;
        } & {
            /** @description The content the computation depends on, by name; their state is passed to the computation. */
            dependencies?: {
                [key: string]: components["schemas"]["ComputedContentDependency"] | components["schemas"]["ComputedContentDependencyResolved"];
            };
            /** @description Properties passed to the computation. */
            props: components["schemas"]["PlainObject"];
        };
        /** @description What every OpenAPI computed content source has. */
        ComputedContentSourceOpenAPIBase: {
            /** @enum {string} */
            type: "builtin:openapi";
        } & {
            dependencies: {
                spec: components["schemas"]["ComputedContentDependencyOpenAPI"];
            };
        };
        /** @description One change of a batch, by its `operation`. */
        ContentChange: components["schemas"]["InsertPageChange"] | components["schemas"]["UpdatePageChange"] | components["schemas"]["DeletePageChange"] | components["schemas"]["RevertPageChange"] | components["schemas"]["InsertFilesChange"] | components["schemas"]["UpdateVariablesChange"] | components["schemas"]["InsertReusableContentChange"] | components["schemas"]["UpdateReusableContentChange"] | components["schemas"]["DeleteReusableContentChange"];
        /** @description What a batch did to one page. */
        ContentChangeOutcome: {
            /** @enum {string} */
            object: "created_page";
            page: components["schemas"]["ChangedPageReference"];
            ref?: string;
        } | {
            /** @enum {string} */
            object: "updated_page";
            page: components["schemas"]["ChangedPageReference"];
        } | {
            /** @enum {string} */
            object: "deleted_page";
            /** @description ID of the deleted page. */
            page: string;
        };
        ContentChangesResult: {
            changeRequest: components["schemas"]["ChangeRequest"];
            /** @description One entry per page the batch affected, in the order the batch first touched them: created, updated or deleted as the page stands after the batch (a page it created and deleted again is left out). Files and variables are not pages and have no entry. */
            changes: components["schemas"]["ContentChangeOutcome"][];
            /** @description The files the batch added, in order. */
            insertedFiles?: components["schemas"]["RevisionFile"][];
            /** @description The reusable contents the batch added, in order (absent when it added none). */
            insertedReusableContents?: components["schemas"]["RevisionReusableContent"][];
        };
        /** @description A link or reference written in a page's body, and whether its target exists. */
        ContentLink: {
            locationReferences: components["schemas"]["ContentLocation"][];
            /** @enum {string} */
            relation: "reference" | "dependsOn";
            status: components["schemas"]["LinkStatus"];
            targetReference: components["schemas"]["LinkTargetReference"];
            /** @description The link text or image alt text. */
            text: string;
        };
        ContentLinkList: components["schemas"]["List"] & {
            items: components["schemas"]["ContentLink"][];
            stats: components["schemas"]["LinkStats"];
        };
        /** @description Where a link is written, a page of a space in a revision. */
        ContentLocation: {
            /** @enum {string} */
            kind: "page";
            organization: string;
            page: string;
            space: string;
            versionContext: {
                revision: string;
                /** @enum {string} */
                type: "revision";
            };
        };
        /** @description Where to put an item among its siblings, next to one of them. Give `before` or `after`. */
        ContentPosition: {
            after?: components["schemas"]["SpacePointer"];
            before?: components["schemas"]["SpacePointer"];
        };
        /** @description One of the organization's OpenAPI specs, by its slug. */
        ContentRefOpenAPI: {
            /** @enum {string} */
            kind: "openapi";
            /** @description Slug of the OpenAPI spec. */
            spec: string;
        };
        /** @description A page, in the same space unless `space` names another. */
        ContentRefPage: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "page";
            /** @description ID of the page. */
            page: components["schemas"]["ResourceId"];
            /** @description ID of the space the page is in; the page's own space when absent. */
            space?: components["schemas"]["ResourceId"];
        };
        /** @description A space, by its ID. */
        ContentRefSpace: {
            /** @enum {string} */
            kind: "space";
            space: components["schemas"]["ResourceId"];
        };
        /** @description A URL. */
        ContentRefURL: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "url";
            /**
             * Format: uri
             * @description An http(s) URL.
             */
            url: string;
        };
        /** @description A built-in starting structure for a space, applied with `applyTemplateToSpace`. */
        ContentTemplate: {
            description: string;
            /** @description What to pass as `id` to apply it. */
            id: string;
            /** @enum {string} */
            object: "content-template";
            /** @description How many pages applying it adds. */
            pages: number;
            title: string;
        };
        /** @description Every built-in template. */
        ContentTemplateList: {
            count: number;
            items: components["schemas"]["ContentTemplate"][];
        };
        /**
         * @description Who can read the content:
         *     * `public`: anyone, and search engines index it.
         *     * `unlisted`: anyone, not indexed.
         *     * `share-link`: anyone with the secret token in the URL.
         *     * `visitor-auth`: anyone authenticated through a JWT.
         *     * `in-collection`: anyone who can access the parent collection (spaces in a collection only).
         *     * `private`: authorized members.
         * @enum {string}
         */
        ContentVisibility: "public" | "unlisted" | "share-link" | "visitor-auth" | "in-collection" | "private";
        /** @description Removes a page and every page under it. */
        DeletePageChange: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "delete_page";
            page: components["schemas"]["ResourceId"];
        };
        /** @description Removes a reusable content. One that a page of the content still includes after the batch can't be removed (400): remove the page's `reusable-content` block first, in the same batch or an earlier one. */
        DeleteReusableContentChange: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "delete_reusable_content";
            /** @description ID of the reusable content, or the `ref` of one inserted earlier in the batch. */
            reusableContent: components["schemas"]["ResourceId"];
        };
        /**
         * Format: hostname
         * @description An email domain, such as `example.com`.
         */
        EmailDomain: string;
        /** @description What a URL a page embeds shows as: the HTML of its oEmbed answer (`rich`), or a link card with its title, site and icon (`link`). */
        Embed: {
            /**
             * Format: uri
             * @description The page's icon.
             */
            icon?: string;
            /** @description The site's name (`og:site_name`), else the host. */
            site: string;
            /** @description The page's Open Graph title, else its `<title>`, else the host. */
            title: string;
            /** @enum {string} */
            type: "link";
        } | {
            /** @description The HTML the URL's oEmbed answer gives, to show in a sandboxed frame. */
            html: string;
            /** Format: uri */
            icon?: string;
            site: string;
            title: string;
            /** @enum {string} */
            type: "rich";
        };
        /**
         * @description Unicode character or code point of an emoji.
         * @example 🎉
         */
        Emoji: string;
        /** @description The body of every 4xx and 5xx answer. */
        Error: {
            error: {
                /**
                 * @description The HTTP status of the answer.
                 * @example 404
                 */
                code: number;
                /**
                 * @description What is wrong, for a person. For bad input, it names the field.
                 * @example Space not found
                 */
                message: string;
            };
        };
        /** @description Which repository and branch to export to, and the commit's message, as GitBook's Git sync asks. */
        ExportToGitRepository: {
            /** @description Message of the commit the export makes. */
            commitMessage: string;
            /** @description Write every file of the space again and replace the branch even when it moved. */
            force?: boolean;
            ref: components["schemas"]["GitBranchRef"];
            /**
             * @deprecated
             * @description Accepted for GitBook's clients and not used.
             */
            repoCacheID?: string;
            /** @description Accepted for GitBook's clients; Quire links to nothing by it. */
            repoCommitURL?: string;
            repoProjectDirectory?: components["schemas"]["GitProjectDirectory"];
            /** @description Accepted for GitBook's clients; Quire links to nothing by it. */
            repoTreeURL?: string;
            /** @description Export a snapshot without recording it as what the space and the repository agree on. */
            standalone?: boolean;
            timestamp?: components["schemas"]["Timestamp"];
            url: components["schemas"]["GitRepositoryUrl"];
        };
        /** @description File name, without any folder. */
        FileName: string;
        /**
         * @description The branch, as `refs/heads/main` or `main`.
         * @example refs/heads/main
         */
        GitBranchRef: string;
        /** @description The repository a space is kept in step with. */
        GitConnection: {
            branch: string;
            /** @description The commit the space and the repository last agreed on. */
            commit?: string;
            createdAt: components["schemas"]["Timestamp"];
            /** @description ID of the member who connected the space. */
            createdBy: string;
            /** @description Folder of the repository the space lives in; empty for its root. */
            directory: string;
            hasCredentials: boolean;
            id: string;
            /** @enum {string} */
            initialSync: "import" | "export";
            /** @enum {string} */
            object: "git-connection";
            operation?: components["schemas"]["GitSyncOperation"];
            /** @description Seconds between polls of the branch; 0 for none. */
            pollInterval: number;
            updatedAt: components["schemas"]["Timestamp"];
            /**
             * Format: uri
             * @description The repository's URL, without credentials.
             */
            url: string;
            /** @description Only in the answer that made it. */
            webhookSecret?: string;
            /**
             * Format: uri
             * @description Where the host sends push events (`push` on GitHub, Gitea and Forgejo; `Push Hook` on GitLab), signed with the webhook secret.
             */
            webhookUrl: string;
        };
        /** @description The repository to keep a space in step with, and how. */
        GitConnectionInput: {
            branch?: components["schemas"]["GitBranchRef"];
            /** @description How to sign in to the repository over HTTP (a token as `password` for most hosts). Kept sealed; never shown. */
            credentials?: {
                password: string;
                /** @description `git` unless given; hosts that sign in with a token alone ignore it. */
                username?: string;
            };
            directory?: components["schemas"]["GitProjectDirectory"];
            /**
             * @description The first sync: `import` makes the space hold the repository, `export` makes the branch hold the space.
             * @enum {string}
             */
            initialSync: "import" | "export";
            /** @description Seconds between looks at the branch, the fallback when webhooks cannot reach Quire; 0 never polls. 300 unless given. */
            pollInterval?: number & (0 | unknown);
            url: components["schemas"]["GitRepositoryUrl"];
            /** @description The secret the host signs its push webhooks with; Quire makes one (shown once) unless given. */
            webhookSecret?: string;
        };
        /**
         * @description Folder of the repository the space lives in (its `.gitbook.yaml`, if any, is there); the repository's root when absent.
         * @example docs
         */
        GitProjectDirectory: string;
        /**
         * Format: uri
         * @description The repository's http(s) URL; it may carry credentials (`https://user:token@host/repo.git`), which are kept sealed and never shown.
         * @example https://github.com/acme/docs.git
         */
        GitRepositoryUrl: string;
        /** @description An import or export of a space. */
        GitSyncOperation: {
            /** @description The change request an import left the repository's version in, because the space had edited the same pages since they last agreed. */
            changeRequest?: string;
            /** @description The commit an import read or an export made. */
            commit?: string;
            /** @enum {string} */
            direction: "import" | "export";
            endedAt?: components["schemas"]["Timestamp"];
            /** @description Why the operation failed, when it did. */
            error?: string;
            /** @description The revision an import wrote (none when nothing changed). */
            revision?: string;
            startedAt: components["schemas"]["Timestamp"];
            /**
             * @description `queued` until it runs; `failure` says why in `error`.
             * @enum {string}
             */
            state: "queued" | "running" | "failure" | "success";
        };
        /** @description The repository a space was last synced with, and how the latest import or export went. */
        GitSyncState: {
            branch: string;
            /** @description The commit the space and the repository last agreed on. */
            commit?: string;
            /** @description Folder of the repository the space lives in; empty for its root. */
            directory?: string;
            /** @description The space's sync; one per space. */
            installationId: string;
            /**
             * @description The host of the repository, when it is GitHub's or GitLab's; `git` for any other.
             * @enum {string}
             */
            installationProvider: "github" | "gitlab" | "git";
            /** @enum {string} */
            installationStatus: "active";
            operation?: components["schemas"]["GitSyncOperation"];
            /** @description The repository's name, from its URL. */
            repoName: string;
            /** @description The space's revision the space and the repository last agreed on. */
            revision?: string;
            updatedAt?: components["schemas"]["Timestamp"];
            /**
             * Format: uri
             * @description The repository's URL, without credentials.
             */
            url: string;
        };
        /** @description Where to import content from, and what kind of content it is. */
        ImportContentRequest: {
            source: components["schemas"]["ImportSource"];
            /**
             * Format: uri
             * @description An http(s) URL the server fetches through its outbound guard.
             */
            url: string;
        };
        /** @description Which repository and branch to import, as GitBook's Git sync asks. */
        ImportGitRepository: {
            /** @description Read every page file again, not only those changed since the last sync. */
            force?: boolean;
            ref: components["schemas"]["GitBranchRef"];
            /**
             * @deprecated
             * @description Accepted for GitBook's clients and not used.
             */
            repoCacheID?: string;
            /** @description Accepted for GitBook's clients; Quire links to nothing by it. */
            repoCommitURL?: string;
            repoProjectDirectory?: components["schemas"]["GitProjectDirectory"];
            /** @description Accepted for GitBook's clients; Quire links to nothing by it. */
            repoTreeURL?: string;
            /** @description Import into a new change request instead of the space's content. */
            standalone?: boolean;
            timestamp?: components["schemas"]["Timestamp"];
            url: components["schemas"]["GitRepositoryUrl"];
        };
        /** @description The revision an import wrote, and how many of the resources found it imported. */
        ImportResult: {
            /** @description Pages and files imported. */
            importedResources: number;
            /** @description ID of the revision with the imported content. */
            revision: string;
            /** @description Pages and files found at the source. */
            totalResources: number;
        };
        /**
         * @description What the URL points at. Quire imports `markdown` (one file), `html` (one page), `zip` (a folder
         *     of Markdown with `SUMMARY.md` as the table of contents; images inside become files), `website`
         *     (pages of the same origin, crawled from the URL within bounds, honouring `robots.txt`) and
         *     `docx` (a Word document, images included). The other sources are refused with a 400 naming the
         *     supported ones.
         * @enum {string}
         */
        ImportSource: "website" | "docx" | "markdown" | "html" | "zip" | "confluence" | "github-wiki" | "notion" | "google-docs";
        /** @description Adds files, each fetched from a URL or given as base64. */
        InsertFilesChange: {
            files: ({
                contentType?: components["schemas"]["MediaType"];
                name?: components["schemas"]["FileName"];
                /** Format: uri */
                url: string;
            } | {
                base64: string;
                contentType?: components["schemas"]["MediaType"];
                name: components["schemas"]["FileName"];
            })[];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "insert_files";
        };
        /** @description Adds a page under `into` (the top level when absent), before position `at` (at the end when absent). */
        InsertPageChange: {
            at?: number;
            description?: string;
            document: components["schemas"]["PageBodyInput"];
            emoji?: components["schemas"]["Emoji"];
            hidden?: boolean;
            icon?: string;
            /** @description ID of the parent page, or the `ref` of a page inserted earlier in the batch. */
            into?: components["schemas"]["ResourceId"];
            /** @description The page's canonical and alternate links (document pages). */
            metaLinks?: components["schemas"]["RevisionPageMetaLinks"];
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "insert_page";
            /** @description A name for the new page that later changes of the batch may use as `into` or `page`; echoed in the answer. */
            ref?: string;
            slug?: components["schemas"]["PageSlug"];
            target?: components["schemas"]["LinkTarget"];
            title?: components["schemas"]["PageTitle"];
            /**
             * @description The kind of page; `document` when absent.
             * @enum {string}
             */
            type?: "document" | "group" | "link";
            /** @description The page's own variables (document pages), shown in its body as `page.vars.<name>`. */
            variables?: components["schemas"]["Variables"];
        };
        /** @description Adds a reusable content to the revision. */
        InsertReusableContentChange: {
            document: components["schemas"]["PageBodyInput"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "insert_reusable_content";
            /** @description A name for the new reusable content that later changes of the batch may use as `reusableContent`, in a change or in a `reusable-content` block of a document. */
            ref?: string;
            title: components["schemas"]["ReusableContentTitle"];
        };
        /** @description An integration published by an organization, installable on organizations, spaces and sites. */
        Integration: {
            blocks: components["schemas"]["IntegrationBlock"][];
            categories: components["schemas"]["IntegrationCategory"][];
            configurations: components["schemas"]["IntegrationConfigurations"];
            contentSecurityPolicy?: components["schemas"]["IntegrationContentSecurityPolicy"];
            contentSources: components["schemas"]["IntegrationContentSource"][];
            createdAt?: components["schemas"]["Timestamp"];
            description: string;
            externalLinks: components["schemas"]["IntegrationExternalLinks"];
            /** @description Unique name of the integration. */
            name: string;
            /** @enum {string} */
            object: "integration";
            owner: components["schemas"]["Organization"];
            permissions: {
                /** @description The caller administers the publishing organization (may republish and unpublish). */
                admin: boolean;
                /** @description The caller administers an organization it may be installed in. */
                install: boolean;
            };
            /** @description URLs of the preview images; like `urls.icon`, signed and valid for an hour. */
            previewImages: string[];
            scopes: components["schemas"]["IntegrationScope"][];
            /** @description Long form Markdown summary. */
            summary?: string;
            target: components["schemas"]["IntegrationTarget"];
            title: string;
            updatedAt?: components["schemas"]["Timestamp"];
            urls: {
                /** Format: uri */
                app: string;
                /** Format: uri */
                assets: string;
                /**
                 * Format: uri
                 * @description Signed download URL of the icon, valid for an hour; absent without an icon.
                 */
                icon?: string;
                /**
                 * Format: uri
                 * @description URL of the integration in the API.
                 */
                location: string;
                /** Format: uri */
                publicContentEndpoint: string;
                /**
                 * Format: uri
                 * @description Where the integration's script would answer; Quire stores scripts but does not run them.
                 */
                publicEndpoint: string;
            };
            /** @description Always false on a self-hosted server, which verifies no publisher. */
            verified: boolean;
            /** @description 1 when first published, one more at each publish. */
            version: number;
            visibility: components["schemas"]["IntegrationVisibility"];
        };
        /** @description A custom block an integration provides. */
        IntegrationBlock: {
            description?: string;
            /** @description URL of the icon of the block. */
            icon?: string;
            /** @description Unique in the integration; also the UI component that renders the block. */
            id: string;
            /** @description How the block is written as a Markdown code block. */
            markdown?: {
                body: string;
                codeblock: string;
            };
            title: string;
            /** @description URL patterns converted into this block; their hosts are what `blockDomain` filters on. */
            urlUnfurl?: string[];
        };
        /**
         * @description A category an integration is listed under.
         * @enum {string}
         */
        IntegrationCategory: "analytics" | "collaboration" | "content" | "gitsync" | "marketing" | "visitor-auth" | "other";
        /** @description Settings as a schema, or drawn by a component of the integration. */
        IntegrationConfiguration: components["schemas"]["IntegrationConfigurationSchema"] | components["schemas"]["IntegrationConfigurationComponent"];
        /** @description A configuration drawn by a component of the integration. */
        IntegrationConfigurationComponent: {
            componentId: string;
        };
        /** @description One setting of a configuration schema; `button` settings hold no value. */
        IntegrationConfigurationProperty: {
            button_text?: string;
            callback_url?: string;
            completion_url?: string;
            /** @description The value it starts with, of its type. */
            default?: string | number | boolean;
            description?: string;
            enum?: string[];
            title?: string;
            /** @enum {string} */
            type: "string" | "number" | "boolean" | "button";
        };
        /** @description How an installation is configured on the organization (`account`), on a space and on a site. */
        IntegrationConfigurations: {
            account?: components["schemas"]["IntegrationConfiguration"];
            site?: components["schemas"]["IntegrationConfiguration"];
            space?: components["schemas"]["IntegrationConfiguration"];
        };
        /** @description The settings an installation is configured with; configurations are validated against it. */
        IntegrationConfigurationSchema: {
            properties: {
                [key: string]: components["schemas"]["IntegrationConfigurationProperty"];
            };
            required?: string[];
        };
        /** @description What an installation of an integration on a space or a site has. */
        IntegrationContentInstallationBase: {
            configuration: components["schemas"]["IntegrationInstallationConfiguration"];
            createdAt: components["schemas"]["Timestamp"];
            externalIds: components["schemas"]["IntegrationInstallationExternalIds"];
            /** @description ID of the organization's installation. */
            installation: string;
            /** @description Name of the integration. */
            integration: string;
            status: components["schemas"]["IntegrationInstallationStatus"];
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /** Format: uri */
                location: string;
                /** Format: uri */
                publicContentEndpoint: string;
                /** Format: uri */
                publicEndpoint: string;
            };
        };
        /** @description Content security policy sent as headers when the integration's script answers fetch and block events: a policy string, or its directives by name. */
        IntegrationContentSecurityPolicy: string | {
            [key: string]: string;
        };
        /** @description A content source an integration provides. */
        IntegrationContentSource: {
            configuration: components["schemas"]["IntegrationConfigurationComponent"];
            description?: string;
            icon?: string;
            id: string;
            title: string;
        };
        /** @description Links to the integration's own pages. */
        IntegrationExternalLinks: {
            label: string;
            /** Format: uri */
            url: string;
        }[];
        /** @description An integration installed on an organization; space and site installations hang off it. */
        IntegrationInstallation: {
            configuration: components["schemas"]["IntegrationInstallationConfiguration"];
            createdAt: components["schemas"]["Timestamp"];
            externalIds: components["schemas"]["IntegrationInstallationExternalIds"];
            id: string;
            /** @description Name of the integration. */
            integration: string;
            /** @enum {string} */
            object: "integration-installation";
            site_selection: components["schemas"]["IntegrationInstallationSelection"];
            /** @description How many sites it is installed on. */
            sites: number;
            space_selection: components["schemas"]["IntegrationInstallationSelection"];
            /** @description How many spaces it is installed on. */
            spaces: number;
            status: components["schemas"]["IntegrationInstallationStatus"];
            target: {
                /** @description ID of the organization it is installed on. */
                organization: string;
            };
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /** Format: uri */
                app: string;
                /** Format: uri */
                location: string;
                /** Format: uri */
                publicContentEndpoint: string;
                /** Format: uri */
                publicEndpoint: string;
            };
        };
        /** @description Settings of an installation, valid against the integration's configuration schema. */
        IntegrationInstallationConfiguration: {
            [key: string]: unknown;
        };
        /** @description IDs the integration gives the installation in its own system. */
        IntegrationInstallationExternalIds: string[];
        IntegrationInstallationList: components["schemas"]["List"] & {
            items: components["schemas"]["IntegrationInstallation"][];
        };
        /**
         * @description Whether the installation applies to every space (or site) or to those it was installed on.
         * @enum {string}
         */
        IntegrationInstallationSelection: "all" | "selected";
        /**
         * @description Installations are active from the start on a self-hosted server.
         * @enum {string}
         */
        IntegrationInstallationStatus: "active" | "pending" | "paused";
        IntegrationList: components["schemas"]["List"] & {
            items: components["schemas"]["Integration"][];
        };
        /**
         * @description The runtime the integration's script is written for.
         * @enum {string}
         */
        IntegrationRuntime: "v1" | "v2";
        /**
         * @description A permission an integration asks for.
         * @enum {string}
         */
        IntegrationScope: "space:views:read" | "space:content:read" | "space:content:write" | "space:metadata:read" | "space:metadata:write" | "space:script:inject" | "space:script:cookies" | "space:git:sync" | "space:visitor:auth" | "page:feedback:read" | "site:metadata:read" | "site:views:read" | "site:script:inject" | "site:script:cookies" | "site:visitor:auth" | "site:visitor:claims" | "site:adaptive:read" | "site:adaptive:write" | "openapi:read" | "openapi:write" | "conversations:ingest";
        /** @description Secrets passed to the integration's script; stored encrypted and never answered. */
        IntegrationSecrets: {
            [key: string]: string;
        };
        IntegrationSiteInstallation: components["schemas"]["IntegrationContentInstallationBase"] & {
            /** @enum {string} */
            object: "integration-site-installation";
            /** @description ID of the site. */
            site: string;
        };
        IntegrationSiteInstallationList: components["schemas"]["List"] & {
            items: components["schemas"]["IntegrationSiteInstallation"][];
        };
        IntegrationSpaceInstallation: components["schemas"]["IntegrationContentInstallationBase"] & {
            /** @enum {string} */
            object: "integration-space-installation";
            /** @description ID of the space. */
            space: string;
        };
        IntegrationSpaceInstallationList: components["schemas"]["List"] & {
            items: components["schemas"]["IntegrationSpaceInstallation"][];
        };
        /**
         * @description Where an integration can be installed; `all` allows the organization, its spaces and its sites.
         * @enum {string}
         */
        IntegrationTarget: "all" | "site" | "space" | "organization";
        /**
         * @description `public`: listed to everyone; `unlisted`: readable by name by everyone, listed only to members of its organization; `private`: only its organization's members see or install it.
         * @enum {string}
         */
        IntegrationVisibility: "public" | "private" | "unlisted";
        /** @description A link that lets any signed-in user join the organization with a role. */
        InviteLink: {
            createdAt: components["schemas"]["Timestamp"];
            /** @description When the link stops working; absent when it never does. */
            expiresAt?: components["schemas"]["Timestamp"];
            id: components["schemas"]["ResourceId"];
            /** @constant */
            object: "organization-invite";
            role: components["schemas"]["MemberRoleOrGuest"];
            urls: {
                /**
                 * Format: uri
                 * @description The app's page for the link, to send to people: they join there, creating an account first if they have none.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description API URL a signed-in user posts to, to join.
                 */
                join: string;
                /**
                 * Format: uri
                 * @description API URL of the invite link.
                 */
                location: string;
            };
        };
        InviteLinkList: components["schemas"]["List"] & {
            items: components["schemas"]["InviteLink"][];
        };
        /** @description A page body as a JSON document (`format=document`): blocks of inlines and text leaves. */
        JsonDocument: {
            data?: {
                /** @description The document model's version; Quire writes 1. */
                schemaVersion?: number;
            } & {
                [key: string]: unknown;
            };
            /** @description Accepted and ignored; GitBook puts a content token here, which Quire's documents do not need. */
            meta?: {
                token?: string;
            };
            nodes: unknown[];
            /** @enum {string} */
            object: "document";
        };
        /** @description How many links the list covers, and how many are broken. */
        LinkStats: {
            broken: {
                /** @description Broken links written in the space's open change requests. */
                changeRequest: number;
                total: number;
            };
            total: number;
        };
        /**
         * @description `ok`: the target exists (or is an external URL); `broken`: the page, anchor or file it points to does not exist in that revision; `in-app`: a URL to a location inside the application.
         * @enum {string}
         */
        LinkStatus: "ok" | "broken" | "in-app";
        /** @description Where a link page points. */
        LinkTarget: {
            /** @enum {string} */
            kind: "url";
            /** Format: uri */
            url: string;
        } | {
            /** @enum {string} */
            kind: "page";
            /** @description ID of the page in the same revision. */
            page: components["schemas"]["ResourceId"];
        };
        /** @description What a link points to: a page (by id when it exists, and the path it was written with), an anchor of a page, a file (by id when it exists, and its name), or a URL. */
        LinkTargetReference: {
            anchor?: string;
            /** @description ID of the target file, when it exists. */
            file?: string;
            /** @enum {string} */
            kind: "page" | "anchor" | "file" | "url";
            /** @description Name of the target file. */
            name?: string;
            /** @description ID of the target page, when it exists. */
            page?: string;
            /** @description Path of the target page, resolved from where the link is written. */
            path?: string;
            url?: string;
        };
        /** @description The envelope of every paginated list; `items` is added by each list. */
        List: {
            /** @description Total number of items matching the filter, across all pages. */
            count: number;
            /** @description Present when there are more results. */
            next?: {
                /** @description Pass as the `page` query parameter to fetch the next page. */
                page: string;
            };
        };
        /** @description Media type, such as `image/png`; guessed from the name when absent. */
        MediaType: string;
        /** @description A user's membership of an organization. */
        Member: {
            /** @description Whether the member is kept from signing in; always false in Quire. */
            disabled: boolean;
            /** @description ID of the member, the same as their user's. */
            id: string;
            joinedAt: components["schemas"]["Timestamp"];
            /** @description When the member last pinged the organization; absent when never. */
            lastSeenAt?: components["schemas"]["Timestamp"];
            /** @constant */
            object: "member";
            role: components["schemas"]["MemberRoleOrGuest"];
            /** @description How many of the organization's sites the member can manage: all of them for a member with a role, none for a guest. */
            sites: number;
            /** @description How many of the organization's spaces the member may read. */
            spaces: number;
            /** @description Whether the member signs in through the organization's SAML provider. */
            sso: boolean;
            /** @description How many of the organization's teams the member belongs to. */
            teams: number;
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the member.
                 */
                location: string;
            };
            user: components["schemas"]["User"];
        };
        MemberList: components["schemas"]["List"] & {
            items: components["schemas"]["Member"][];
        };
        /**
         * @description The role of a member in an organization, highest first:
         *     `admin` administers content (creates and deletes spaces), `create` creates content,
         *     `review` reviews content, `edit` edits live or through change requests,
         *     `comment` reads content and takes part in discussions, `read` only reads.
         * @enum {string}
         */
        MemberRole: "admin" | "create" | "review" | "edit" | "comment" | "read";
        /** @description A member role, or `null` for a guest. */
        MemberRoleOrGuest: components["schemas"]["MemberRole"] | null;
        MemberSpaceList: components["schemas"]["List"] & {
            items: {
                permission: components["schemas"]["MemberRole"];
                space: components["schemas"]["Space"];
            }[];
        };
        MemberTeamList: components["schemas"]["List"] & {
            items: {
                member: {
                    role: components["schemas"]["TeamMemberRole"];
                };
                team: components["schemas"]["Team"];
            }[];
        };
        /** @description Something both sides changed in ways that can't be combined. */
        MergeConflict: {
            /** @description What conflicts, such as `title`, `slug`, `parent`, `document` (the body), `page` (deleted on one side and changed on the other), `children` (the order of its child pages), `file`, `reusableContent` (a reusable content deleted on one side and changed on the other) or `variables.<name>`. */
            field: string;
            /** @description ID of the file in conflict. */
            file?: string;
            /** @description ID of the page in conflict. */
            page?: string;
            /** @description Path of the page. */
            path?: string;
            /** @description ID of the reusable content in conflict. */
            reusableContent?: string;
        };
        /** @description The revision a merge or an update made; or, on conflicts, the change request's revision, unchanged. */
        MergeResult: {
            conflicts?: components["schemas"]["MergeConflict"][];
            /** @enum {string} */
            result: "merge" | "update" | "conflicts";
            revision: string;
        };
        /** @description One merge rule, GitBook's kinds that Quire evaluates. Reviews count only while they are current (made on the change request's current revision and not superseded by the reviewer's later review or a new request to them); a change request's author cannot review it. */
        MergeRule: {
            /**
             * @description Every listed user has approved.
             * @enum {string}
             */
            rule: "require_specific_reviewers";
            users: components["schemas"]["MergeRuleUsers"];
        } | {
            /**
             * @description At least one listed user has approved.
             * @enum {string}
             */
            rule: "require_one_of_specific_reviewers";
            users: components["schemas"]["MergeRuleUsers"];
        } | {
            /**
             * @description The listed users may merge whatever the other rules say.
             * @enum {string}
             */
            rule: "allow_bypass";
            users: components["schemas"]["MergeRuleUsers"];
        } | {
            rule: components["schemas"]["MergeRuleCheck"];
        };
        /**
         * @description A rule without parameters: `require_at_least_one_review` (a current review of any status), `require_at_least_one_approved_review`, `require_all_reviews_approved` (no current review asks for changes), `require_up_to_date_change_request` (the space has not moved since the change request's merge base), `require_change_request_subject`, `require_change_request_description`, `require_author_to_merge` (only the change request's author may merge).
         * @enum {string}
         */
        MergeRuleCheck: "require_at_least_one_review" | "require_at_least_one_approved_review" | "require_all_reviews_approved" | "require_up_to_date_change_request" | "require_change_request_subject" | "require_change_request_description" | "require_author_to_merge";
        /** @description The merge rules of a space: `inherit` (its organization's, the default), or its own (`none` or `rules`). */
        MergeRulesSpaceConfiguration: {
            /** @enum {string} */
            type: "inherit";
        } | components["schemas"]["MergeRulesStandaloneConfiguration"];
        /** @description The merge rules of an organization: `none` (change requests merge without review) or `rules`, evaluated in order when a change request is merged; all must pass unless an `allow_bypass` rule names the person merging. */
        MergeRulesStandaloneConfiguration: {
            rules: components["schemas"]["MergeRule"][];
            /** @enum {string} */
            type: "rules";
        } | {
            /** @enum {string} */
            type: "none";
        };
        /** @description IDs of members of the organization. */
        MergeRuleUsers: components["schemas"]["ResourceId"][];
        /** @description An OpenID Connect provider members sign in with (Keycloak, Authentik, Google, Entra ID…). Quire is a client of it, signing in with the authorization code flow and PKCE; `service` holds what to register on the provider's side. */
        OidcProvider: {
            clientId: string;
            createdAt: components["schemas"]["Timestamp"];
            /** @description The role people get when they sign in for the first time; `null`: the organization's `defaultRole`, else `read`. */
            defaultRole: components["schemas"]["MemberRole"] | null;
            /** @description The team people who sign in with this provider join. */
            defaultTeam?: components["schemas"]["Team"];
            /** @description Whether a client secret is kept (it is never shown). */
            hasClientSecret: boolean;
            id: components["schemas"]["ResourceId"];
            /** Format: uri */
            issuer: string;
            label: components["schemas"]["SamlProviderLabel"];
            /** @constant */
            object: "oidc-provider";
            /** @description Quire's endpoints for this provider. */
            service: {
                /**
                 * Format: uri
                 * @description The redirect URI to register for Quire's client at the provider.
                 */
                redirectURL: string;
                /**
                 * Format: uri
                 * @description Where a browser starts signing in; it is sent on to the provider.
                 */
                startURL: string;
            };
            /**
             * @description An OpenID Connect provider is active as soon as it is added.
             * @enum {string}
             */
            status: "active";
            urls: {
                /** Format: uri */
                location: string;
            };
        };
        OidcProviderFields: {
            /** @description The client ID Quire is registered under at the provider. */
            clientId?: string;
            /** @description The client secret, kept sealed and never shown; `null` for a public client, which signs in with PKCE alone. */
            clientSecret?: string | null;
            defaultRole?: components["schemas"]["MemberRole"] | null;
            /** @description A team of the organization. */
            defaultTeam?: components["schemas"]["ResourceId"];
            /**
             * Format: uri
             * @description The provider's issuer URL, whose `/.well-known/openid-configuration` says where to send people and where to redeem codes (Keycloak: `https://host/realms/<realm>`; Google: `https://accounts.google.com`; Entra ID: `https://login.microsoftonline.com/<tenant>/v2.0`).
             */
            issuer?: string;
            label?: components["schemas"]["SamlProviderLabel"];
        };
        OidcProviderList: components["schemas"]["List"] & {
            items: components["schemas"]["OidcProvider"][];
        };
        /** @description One problem the last processing found. */
        OpenAPIErrorObject: {
            /** @description The rule or step that found it. */
            code?: string;
            /** @description What is wrong, for a person. */
            message: string;
        };
        /** @description What changed in one operation of the spec, by method and path. */
        OpenAPIOperationChange: {
            /** @description Whether any of `changes` is breaking. */
            breaking: boolean;
            changes: {
                breaking: boolean;
                kind: components["schemas"]["OpenAPIOperationChangeKind"];
                /** @description What changed, for a person (`query parameter limit is now required`). */
                message: string;
            }[];
            /** @enum {string} */
            method: "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
            operationId?: string;
            /** @description The path as the newer version writes it (the older one for a removed operation). */
            path: string;
        };
        /**
         * @description One way an operation changed between two versions; those marked breaking may break a client
         *     written for the previous version.
         *     * `operation-added`: a new method and path.
         *     * `operation-removed` (breaking): a method and path no longer there.
         *     * `required-parameter-added` (breaking): a new parameter that is required.
         *     * `optional-parameter-added`: a new parameter that is optional.
         *     * `parameter-removed` (breaking): a parameter no longer there.
         *     * `parameter-made-required` (breaking): an optional parameter became required.
         *     * `request-body-added`: a request body where there was none; breaking when it is required.
         *     * `request-body-made-required` (breaking): an optional request body became required.
         *     * `request-body-removed` (breaking): the request body is no longer accepted.
         *     * `response-status-added`: a new response status.
         *     * `response-status-removed` (breaking): a response status no longer answered.
         *     * `operation-changed`: anything else in the operation as written (summary, schemas it names, …).
         * @enum {string}
         */
        OpenAPIOperationChangeKind: "operation-added" | "operation-removed" | "required-parameter-added" | "optional-parameter-added" | "parameter-removed" | "parameter-made-required" | "request-body-added" | "request-body-made-required" | "request-body-removed" | "response-status-added" | "response-status-removed" | "operation-changed";
        /** @description An OpenAPI document of an organization, processed from its source into versions. */
        OpenAPISpec: {
            createdAt: components["schemas"]["Timestamp"];
            id: string;
            lastProcessedAt?: components["schemas"]["Timestamp"];
            /** @description How many problems the last processing found, before `lastProcessedErrors` was cut short. */
            lastProcessedErrorCount: number;
            /** @description What the last processing found wrong (at most 20); empty when it succeeded. */
            lastProcessedErrors?: components["schemas"]["OpenAPIErrorObject"][];
            lastProcessErrorCode?: components["schemas"]["OpenAPISpecProcessingErrorCode"];
            /** @description ID of the latest version; absent until a processing succeeded. */
            lastVersion?: string;
            /** @enum {string} */
            object: "openapi-spec";
            permissions: {
                /** @description The caller may change or delete the spec. */
                edit: boolean;
                /** @description The caller may read the spec and its versions. */
                view: boolean;
            };
            processingState: components["schemas"]["OpenAPISpecProcessingState"];
            slug: components["schemas"]["OpenAPISpecSlug"];
            /**
             * Format: uri
             * @description The URL the spec is fetched from; absent for a spec given as text.
             */
            sourceURL?: string;
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /**
                 * Format: uri
                 * @description The spec in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description The spec in the API.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Where anyone reads the spec; only when `visibility` is `public` and the spec comes from a URL (that URL).
                 */
                published?: string;
            };
            visibility: components["schemas"]["OpenAPISpecVisibility"];
        };
        /** @description The files of an OpenAPI spec version, parsed. */
        OpenAPISpecContent: {
            /** @description Every file of the version, parsed from YAML or JSON, as GitBook answers it: the entry file first, then those it references by relative `$ref`. A spec given as text is the one file `openapi.yaml`. */
            filesystem: {
                /** @description The folder part of `filename`; `.` for a file beside the entry file. */
                dir: string;
                /** @description The file's path relative to the entry file's folder (`schemas/pet.yaml`). */
                filename: string;
                /** @description Whether this is the entry file. */
                isEntrypoint: boolean;
                /** @description The other files this file's `$ref`s name, as written. */
                references: string[];
                /** @description The file's parsed content. */
                specification: {
                    [key: string]: unknown;
                };
            }[];
            /**
             * Format: uri
             * @description The URL of the entry file (as the version's `url`).
             */
            url: string;
            urls: {
                /** @description Where anyone reads the spec when it is public and comes from a URL (that URL); else `null`. */
                public: null | string;
                /**
                 * Format: uri
                 * @description The URL of the entry file.
                 */
                source: string;
            };
        };
        OpenAPISpecList: components["schemas"]["List"] & {
            items: components["schemas"]["OpenAPISpec"][];
        };
        /**
         * @description Why the last processing failed: `FETCH_TIMEOUT` (the source was too slow), `FETCH_ERROR` (it could not be fetched, or answered outside 2xx), `PARSE_ERROR` (it is not a valid OpenAPI 3.0, 3.1 or Swagger 2.0 document).
         * @enum {string}
         */
        OpenAPISpecProcessingErrorCode: "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
        /**
         * @description Where processing of the spec's source stands: `pending` (queued), `progress` (running), `complete` (done, with `lastProcessErrorCode` when it failed).
         * @enum {string}
         */
        OpenAPISpecProcessingState: "pending" | "progress" | "complete";
        /**
         * @description The name of an OpenAPI spec in its organization, used in its URLs.
         * @example petstore
         */
        OpenAPISpecSlug: string;
        /** @description Where an OpenAPI spec comes from. */
        OpenAPISpecSource: {
            /** Format: uri */
            url: string;
        } | {
            text: string;
        };
        /** @description One processed content of an OpenAPI spec; a new one is made only when the content changed. */
        OpenAPISpecVersion: {
            createdAt: components["schemas"]["Timestamp"];
            id: string;
            /** @enum {string} */
            object: "openapi-spec-version";
            /**
             * Format: uri
             * @description Where the version's entry file came from; for a spec given as text, the version's content in the API.
             */
            url: string;
            urls: {
                /**
                 * Format: uri
                 * @description The version in the API.
                 */
                location: string;
            };
        };
        /** @description What a version changed against the version before it, operation by operation (methods and paths, path parameters matched whatever their names). */
        OpenAPISpecVersionChanges: {
            added: components["schemas"]["OpenAPIOperationChange"][];
            /** @description Whether any change is breaking. */
            breaking: boolean;
            changed: components["schemas"]["OpenAPIOperationChange"][];
            /** @enum {string} */
            object: "openapi-spec-version-changes";
            /** @description ID of the version it is compared with; absent for the first version, whose operations are all `added`. */
            previousVersion?: string;
            removed: components["schemas"]["OpenAPIOperationChange"][];
            /** @description ID of the version. */
            version: string;
        };
        OpenAPISpecVersionList: components["schemas"]["List"] & {
            items: components["schemas"]["OpenAPISpecVersion"][];
        };
        /**
         * @description Who may see the spec.
         *     * `private`: members of the organization only.
         *     * `public`: anyone with its public link.
         * @enum {string}
         */
        OpenAPISpecVisibility: "private" | "public";
        Organization: {
            /** @description Whether AI features are on. */
            ai: boolean;
            /** @description Billing details, for admins. */
            billing?: {
                endDate?: components["schemas"]["Timestamp"];
                hasPaymentFailed: boolean;
                /** @enum {string} */
                interval: "monthly" | "yearly";
                isScheduledToCancel: boolean;
            };
            blocked?: {
                /** @enum {string} */
                reason: "security";
            };
            communityType?: components["schemas"]["OrganizationCommunityType"];
            createdAt: components["schemas"]["Timestamp"];
            /** @description Custom hostname linked to the organization. */
            customHostname?: string;
            /** @description What visitors of the organization's hostname see first; absent for nothing. */
            defaultContent?: components["schemas"]["OrganizationDefaultContent"];
            defaultRole: components["schemas"]["MemberRoleOrGuest"];
            emailDomains: components["schemas"]["OrganizationEmailDomains"];
            hostname?: components["schemas"]["OrganizationHostname"];
            /** @description Unique identifier of the organization. */
            id: string;
            internal_billingMigration?: {
                deadline?: components["schemas"]["Timestamp"];
                discountEndDate?: components["schemas"]["Timestamp"];
                discountPercent?: number;
            };
            /**
             * @deprecated
             * @description Whether the organization is on a trial; always false, as `trial` is `notapplicable`.
             */
            internal_isOnNewTrial: boolean;
            /** @description Whether invite links are enabled. */
            inviteLinks: boolean;
            mergeRules: components["schemas"]["MergeRulesStandaloneConfiguration"];
            /** @enum {string} */
            object: "organization";
            permissions: components["schemas"]["OrganizationPermissions"];
            plan: components["schemas"]["BillingProduct"];
            /** @description Whether SSO is enforced organization-wide. */
            sso: boolean;
            title: components["schemas"]["OrganizationTitle"];
            trial: {
                /** @description How many trials the organization has had; none on a self-hosted server. */
                count: number;
                /** @enum {string} */
                decision?: "downgrade";
                endDate?: components["schemas"]["Timestamp"];
                /** @enum {string} */
                status: "notapplicable" | "none" | "active" | "ended" | "expired";
            };
            type: components["schemas"]["OrganizationType"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the organization in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description URL of the organization in the API.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description URL of the organization's logo, when it has one.
                 */
                logo?: string;
            };
            useCase?: components["schemas"]["OrganizationUseCase"];
        };
        /** @enum {string} */
        OrganizationCommunityType: "nonProfit" | "openSource" | "education";
        /** @description What visitors of the organization's hostname see first, or `null` for nothing. */
        OrganizationDefaultContent: {
            /** @description ID of the site. */
            site: components["schemas"]["ResourceId"];
            /** @enum {string} */
            type: "site";
        } | null;
        /** @description Email domains whose people may find and join the organization. */
        OrganizationEmailDomains: components["schemas"]["EmailDomain"][];
        /** @description Default hostname for the organization's public content; unique across the server. */
        OrganizationHostname: string;
        OrganizationList: components["schemas"]["List"] & {
            items: components["schemas"]["Organization"][];
        };
        /** @description What the caller may do in the organization. */
        OrganizationPermissions: {
            /** @description Can open the organization in the application. */
            access: boolean;
            /** @description Can administer the organization. */
            admin: boolean;
            /** @description Can create spaces, collections and sites. */
            createContent: boolean;
            /** @description Can create OpenAPI specs. */
            createOpenAPISpec: boolean;
            /** @description Can ingest conversations. */
            ingestConversations: boolean;
            /** @description Can install integrations in it. */
            installIntegration: boolean;
            /** @description Can list the integrations installed in it. */
            listInstallations: boolean;
            /** @description Can list installed integrations. */
            listIntegrations: boolean;
            /** @description Can list members. */
            listMembers: boolean;
            /** @description Can list teams. */
            listTeams: boolean;
            /** @description Can own a team. */
            ownTeam: boolean;
            /** @description Can see the organization. */
            view: boolean;
            /** @description Can see billing details. */
            viewBilling: boolean;
        };
        /** @description Title of the organization; it must have a character other than white space (zero-width ones count as white space). */
        OrganizationTitle: string;
        /** @enum {string} */
        OrganizationType: "business" | "community";
        /** @enum {string} */
        OrganizationUseCase: "internalDocs" | "docsSite" | "audienceControlledSite" | "productDocs" | "teamKnowledgeBase" | "designSystem" | "openSourceDocs" | "notes" | "other";
        /** @description A page body, as Markdown or as a JSON document; `{}` is an empty page. */
        PageBodyInput: {
            markdown: string;
        } | {
            document: components["schemas"]["JsonDocument"];
        } | Record<string, never>;
        /** @description How one page of a change request differs from its merge base, as Markdown. */
        PageDiff: {
            /**
             * @description What happened to the page, as `getChangeRequestChanges` names it: `moved` is a page whose parent changed and nothing else.
             * @enum {string}
             */
            change: "created" | "edited" | "moved" | "deleted";
            /** @description The page as it is in the change request; a deleted page as it was. */
            page: components["schemas"]["ChangedPage"];
            /** @description A unified diff of the page's Markdown (`--- a/<path>.md`, `+++ b/<path>.md`, then hunks); empty when the Markdown did not change. */
            patch: string;
        };
        /** @description How a document page is laid out when published. */
        PageLayout: {
            /** @description Whether the page's actions show. */
            actions: boolean;
            /** @description Whether headings show their anchor links. */
            anchors: boolean;
            cover: boolean;
            /** @enum {string} */
            coverMask: "none" | "radial";
            /** @enum {string} */
            coverSize: "hero" | "full";
            description: boolean;
            /** @description Whether the page's metadata (last change, author) shows. */
            metadata: boolean;
            outline: boolean;
            pagination: boolean;
            tableOfContents: boolean;
            tags: boolean;
            title: boolean;
            /** @enum {string} */
            width: "default" | "wide";
        };
        /** @description The page's segment of its path, unique among its siblings; made from the title when empty or absent. */
        PageSlug: string;
        /** @description Title of the page; it must have a character other than white space (zero-width ones count as white space). */
        PageTitle: string;
        /** @description Where to download a PDF of the content. */
        PdfExport: {
            /**
             * Format: uri
             * @description Temporary URL of the PDF, valid for an hour and needing no token. It yields the PDF once it is made: fetched while the PDF is still being made, it waits for it up to 25 seconds, then answers 503 with `Retry-After`.
             */
            url: string;
        };
        /** @description The answer to a ping. */
        PingResult: {
            /** @description A JWT (ES256) naming the user (`sub`), the organization (`organization`) and their role (`role`), valid for an hour; verify it with the keys at `/.well-known/jwks.json`. */
            platformVisitorClaims?: string;
        };
        /** @description An object of plain JSON values (strings, booleans, numbers, arrays and objects of them). */
        PlainObject: {
            [key: string]: components["schemas"]["PlainObject"] | string | boolean | number | (string | boolean | number | components["schemas"]["PlainObject"])[];
        };
        /** @description Where to send the reader instead: `application` for a sign-in (fallback) URL, `content` for other content of the site, `external` for a URL outside it. A site redirect says whether it is `permanent` (308) or not (307). */
        PublishedContentRedirect: {
            /** @description Set by a site redirect; readers are sent with 308 when true, else 307. */
            permanent?: boolean;
            /** Format: uri */
            redirect: string;
            /** @enum {string} */
            target: "application" | "content";
        } | {
            /** @description Readers are sent with 308 when true, else 307. */
            permanent?: boolean;
            /** Format: uri */
            redirect: string;
            /** @description ID of the site whose redirect it is. */
            site: string;
            /** @enum {string} */
            target: "external";
        };
        PublishedContentSite: {
            customizations: {
                site: components["schemas"]["SiteCustomization"];
                /** @description The customization each live site space is shown with (the site's, with the site space's own applied over it), by site space id. */
                siteSpaces: {
                    [key: string]: components["schemas"]["SiteCustomization"];
                };
            };
            /** @enum {string} */
            object: "published-content-site";
            scripts: {
                contentSecurityPolicy?: string;
                cookies: boolean;
                /** Format: uri */
                script: string;
            }[];
            site: components["schemas"]["Site"];
            structure: {
                /** @description Sections and section groups, in order. */
                structure: (components["schemas"]["SiteSection"] | components["schemas"]["SiteSectionGroup"])[];
                /** @enum {string} */
                type: "sections";
            } | {
                /** @description The site spaces of a site without sections, in order. */
                structure: components["schemas"]["SiteSpace"][];
                /** @enum {string} */
                type: "siteSpaces";
            };
        };
        /** @description The site content a URL points at, and a token to read it with. */
        PublishedSiteContent: {
            /** @description A short-lived read-only token (a JWT, valid for an hour) for the published-content reads of what this visitor may read of this site: the site's published profile, its search, and the revisions, pages, documents and files of its site spaces' spaces. */
            apiToken: string;
            /** @description The URL path up to the site space, ending with `/`. */
            basePath: string;
            /**
             * Format: uri
             * @description The URL readers should share for this content.
             */
            canonicalUrl: string;
            /** @description Whether the URL named every section and variant segment, so what follows is a page path. */
            complete: boolean;
            /** @description Identifies the visitor's claims, for caches that vary with them. */
            contextId?: string;
            /** @description ID of the site's organization. */
            organization: string;
            /** @description The page path inside the site space (no leading slash; empty for its first page). */
            pathname: string;
            /** @description ID of the space's revision the site shows. */
            revision?: string;
            /** @description The share link key the URL carried, for a share-link site. */
            shareKey?: string;
            /** @description ID of the site. */
            site: string;
            /** @description The URL path of the site's root, ending with `/`. */
            siteBasePath: string;
            /** @description ID of the section the URL is in, for a site with sections. */
            siteSection?: string;
            /** @description ID of the site space the URL is in. */
            siteSpace: string;
            /** @description ID of the site space's space. */
            space: string;
        };
        /** @description The content a published URL points at, or where to go instead. */
        PublishedSiteContentLookup: components["schemas"]["PublishedContentRedirect"] | components["schemas"]["PublishedSiteContent"];
        /** @description What an integration is published with; each publish replaces the whole definition. Absent, `runtime` is `v1`, `visibility` `private` and `target` `all`. */
        PublishIntegration: {
            blocks?: components["schemas"]["IntegrationBlock"][];
            categories?: components["schemas"]["IntegrationCategory"][];
            configurations?: components["schemas"]["IntegrationConfigurations"];
            contentSecurityPolicy?: components["schemas"]["IntegrationContentSecurityPolicy"];
            contentSources?: components["schemas"]["IntegrationContentSource"][];
            description: string;
            externalLinks?: components["schemas"]["IntegrationExternalLinks"];
            /**
             * Format: byte
             * @description Base64 of the icon (PNG, JPEG, GIF or WebP), 256 KiB at most.
             */
            icon?: string;
            /** @description ID or hostname (subdomain) of the publishing organization. */
            organization: string;
            previewImages?: string[];
            runtime?: components["schemas"]["IntegrationRuntime"];
            scopes: components["schemas"]["IntegrationScope"][];
            /** @description Content of the script, stored as given. */
            script: string;
            secrets?: components["schemas"]["IntegrationSecrets"];
            summary?: string;
            target?: components["schemas"]["IntegrationTarget"];
            title: string;
            visibility?: components["schemas"]["IntegrationVisibility"];
        };
        /** @description ID of an object, as the API hands it out. */
        ResourceId: string;
        /** @description Title of the reusable content; it must have a character other than white space (zero-width ones count as white space). */
        ReusableContentTitle: string;
        /** @description Puts a page back as it was in a revision of the space (by default the change request's merge base). Without `block`, the whole page: a page the revision lacks is deleted with the pages under it, a page the content lacks is restored where the revision had it (with the pages under it that the content lacks too), and a page both have gets the revision's fields, body and place back. With `block`, only those top-level blocks of its body, by key: removed if the revision lacks them, restored after their nearest neighbour otherwise; the rest of the page stays as it is. */
        RevertPageChange: {
            /** @description Keys of the top-level blocks of the page's body to revert; none reverts the whole page. */
            block?: string[];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "revert_page";
            page: components["schemas"]["ResourceId"];
            /** @description The revision to revert to; the change request's merge base unless given. */
            revision?: components["schemas"]["ResourceId"];
        };
        Revision: {
            createdAt: components["schemas"]["Timestamp"];
            files: components["schemas"]["RevisionFile"][];
            id: string;
            mergedFrom?: components["schemas"]["ChangeRequest"];
            /** @enum {string} */
            object: "revision";
            pages: components["schemas"]["RevisionPage"][];
            /** @description IDs of the revisions this one was made from. */
            parents: string[];
            reusableContents: components["schemas"]["RevisionReusableContent"][];
            /** @description The tags the revision's changelog entries name (`{% update tags="…" %}`), each once, in the order they first appear: GitBook's revision tags, which `update` blocks refer to by slug. */
            tags: {
                /** @enum {string} */
                color: "default";
                /** @description The tag as the first entry naming it writes it. */
                label: string;
                /** @description The tag's identifier, made from its label. */
                slug: string;
            }[];
            type: components["schemas"]["RevisionType"];
            urls: {
                /** Format: uri */
                app: string;
            };
            variables: components["schemas"]["Variables"];
        };
        RevisionFile: {
            /** @description Media type of the file. */
            contentType: string;
            /** @description Width and height of an image, in pixels. */
            dimensions?: {
                height: number;
                width: number;
            };
            /**
             * Format: uri
             * @description A signed URL that downloads the file without a token, for an hour.
             */
            downloadURL: string;
            /** @description Unique identifier of the file in the content. */
            id: string;
            /** @description File name. */
            name: string;
            /** @description Size in bytes. */
            size: number;
        };
        RevisionFileList: components["schemas"]["List"] & {
            items: components["schemas"]["RevisionFile"][];
        };
        /** @description A page of a revision, by its type. */
        RevisionPage: components["schemas"]["RevisionPageDocument"] | components["schemas"]["RevisionPageGroup"] | components["schemas"]["RevisionPageLink"];
        /** @description A page with a body. Read on its own, it carries its body as `markdown` or `document`. */
        RevisionPageDocument: {
            createdAt?: components["schemas"]["Timestamp"];
            description?: string;
            document?: components["schemas"]["JsonDocument"];
            /** @description ID of the body; the same body always has the same ID. */
            documentId: string;
            emoji?: string;
            hidden: boolean;
            icon?: string;
            /** @description Unique identifier of the page, the same in every revision. */
            id: string;
            /**
             * @description GitBook's older name for the page's type, which its clients still read.
             * @enum {string}
             */
            kind: "sheet";
            layout: components["schemas"]["PageLayout"];
            /** @description The body as Markdown (`format=markdown`). */
            markdown?: string;
            /** @description The page's canonical and alternate links, when it has any. */
            metaLinks?: components["schemas"]["RevisionPageMetaLinks"];
            noIndex: boolean;
            noRobotsIndex: boolean;
            /** @description The child pages, in order. */
            pages: components["schemas"]["RevisionPage"][];
            /** @description The slugs from the top of the tree, joined by `/`. */
            path: string;
            slug: string;
            /** @description The page's tags; Quire's pages have none yet. */
            tags: Record<string, never>[];
            title: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "document";
            updatedAt?: components["schemas"]["Timestamp"];
            urls: {
                /** Format: uri */
                app: string;
            };
            /** @description The page's own variables, name → value, when it has any: what expressions in its body (`page.vars.<name>`) show. The space's variables are `space.vars.<name>`. */
            variables?: components["schemas"]["Variables"];
        };
        /** @description A group of pages at the top level of the tree. */
        RevisionPageGroup: {
            createdAt?: components["schemas"]["Timestamp"];
            emoji?: string;
            hidden: boolean;
            icon?: string;
            id: string;
            /**
             * @description GitBook's older name for the page's type, which its clients still read.
             * @enum {string}
             */
            kind: "group";
            pages: components["schemas"]["RevisionPage"][];
            path: string;
            slug: string;
            title: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "group";
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /** @description A page that links to a URL or to another page. */
        RevisionPageLink: {
            createdAt?: components["schemas"]["Timestamp"];
            emoji?: string;
            hidden: boolean;
            /** @description The URL the link leads to. */
            href: string;
            icon?: string;
            id: string;
            /**
             * @description GitBook's older name for the page's type, which its clients still read.
             * @enum {string}
             */
            kind: "link";
            pages: components["schemas"]["RevisionPage"][];
            target: components["schemas"]["LinkTarget"];
            title: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "link";
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /** @description The links a published page declares in its head: its `canonical` version (`<link rel="canonical">`) and its `alternates` (`<link rel="alternate">`, such as the same page in another language). A page target names a page of the same revision unless it names its `space`. */
        RevisionPageMetaLinks: {
            alternates?: components["schemas"]["RevisionPageMetaLinkTarget"][];
            canonical?: components["schemas"]["RevisionPageMetaLinkTarget"];
        };
        /** @description Where a meta link of a page points. */
        RevisionPageMetaLinkTarget: components["schemas"]["ContentRefPage"] | components["schemas"]["ContentRefURL"];
        RevisionPages: {
            /** @description The top-level pages, each with its children. */
            pages: components["schemas"]["RevisionPage"][];
        };
        /** @description A block of content kept once in a revision and shown on every page that includes it with a `reusable-content` block. */
        RevisionReusableContent: {
            /** @description ID of the document holding its body (readable with `getDocumentById`); absent when the reusable content is empty. */
            document?: string;
            /** @description Unique identifier of the reusable content in the content. */
            id: string;
            /** @description Title of the reusable content. */
            title: string;
        };
        /**
         * @description How the revision came to be.
         * @enum {string}
         */
        RevisionType: "edits" | "merge" | "rollback" | "update" | "computed";
        /** @description A SAML 2.0 identity provider members sign in with. Quire is the service provider; `service` holds what to configure on the identity provider's side. */
        SamlProvider: {
            /** @description The identity provider's signing certificate, PEM. */
            certificate?: string;
            createdAt: components["schemas"]["Timestamp"];
            /** @description The role people get when they sign in for the first time; `null`: the organization's `defaultRole`, else `read`. */
            defaultRole?: components["schemas"]["MemberRole"] | null;
            /** @description The team people who sign in with this provider join. */
            defaultTeam?: components["schemas"]["Team"];
            /** @description The identity provider's entity ID; responses must be issued by it. */
            entityID?: string;
            id: components["schemas"]["ResourceId"];
            label: components["schemas"]["SamlProviderLabel"];
            /** @constant */
            object: "saml-provider";
            /** @description Quire's endpoints for this provider, to enter in the identity provider. */
            service: {
                /**
                 * Format: uri
                 * @description Assertion consumer service (HTTP-POST binding), where responses are posted.
                 */
                acsURL: string;
                /**
                 * Format: uri
                 * @description Quire's entity ID (and the URL of its service provider metadata); the audience of responses.
                 */
                entityID: string;
                /**
                 * Format: uri
                 * @description Where a browser starts signing in; it is sent on to `ssoURL`.
                 */
                startURL: string;
            };
            /**
             * Format: uri
             * @description The identity provider's single sign-on URL (HTTP-Redirect binding).
             */
            ssoURL?: string;
            /**
             * @description `active` once `ssoURL`, `entityID` and `certificate` are set; `pending` before.
             * @enum {string}
             */
            status: "active" | "pending";
            urls: {
                /** Format: uri */
                location: string;
            };
        };
        SamlProviderFields: {
            /** @description The identity provider's signing certificate, PEM (an X.509 certificate). */
            certificate?: string;
            defaultRole?: components["schemas"]["MemberRole"] | null;
            /** @description A team of the organization. */
            defaultTeam?: components["schemas"]["ResourceId"];
            entityID?: string;
            label?: components["schemas"]["SamlProviderLabel"];
            /** Format: uri */
            ssoURL?: string;
        };
        /** @description The name people pick the provider by on the sign-in page. */
        SamlProviderLabel: string;
        SamlProviderList: components["schemas"]["List"] & {
            items: components["schemas"]["SamlProvider"][];
        };
        /** @description An answer written from the documentation, with the pages it came from. Every link in it is the URL of one of its sources; links the model made up are taken out. Without a configured model, the answer lists the best matching sections and says so. */
        SearchAIAnswer: {
            answer?: components["schemas"]["SearchAIAnswerDocument"];
            followupQuestions: string[];
            /** @description The answer's id in the site's records (`getSiteQuestionAnswerById`): what a follow-up question names as `thread.previous` and a rating names as `responseId`. Only answers asked of a site have one. */
            id?: string;
            sources: components["schemas"]["SearchAIAnswerSource"][];
        };
        /** @description The written answer, as Markdown or as a JSON document (`format`); empty until the first words of a streamed answer arrive. */
        SearchAIAnswerDocument: {
            markdown: string;
        } | {
            document: components["schemas"]["JsonDocument"];
        } | Record<string, never>;
        /** @description A page the answer was written from, and the sections of it that were given to the model. */
        SearchAIAnswerSource: {
            /** @description The page's id. */
            page: string;
            /** @description Why the page is a source, for people. */
            reason?: string;
            /** @description The revision of the space the page was read in. */
            revision: string;
            /** @description Anchors of the page's sections the answer drew on (empty for the text before the first heading). */
            sections: string[];
            space: string;
            /** @enum {string} */
            type: "page";
        };
        /** @description One event of a streamed answer: the whole answer so far, sources included. The stream ends with an event named `done`, or `error` (data `{ error: { code, message } }`) when the model failed after answering began. */
        SearchAIAnswerStream: {
            answer: components["schemas"]["SearchAIAnswer"];
            /** @enum {string} */
            type: "answer";
        };
        /** @description A question to answer from the documentation the caller may read. */
        SearchAIQuery: {
            /**
             * @deprecated
             * @description Earlier questions of the same conversation, oldest first; they give the question its context.
             */
            previousQueries?: string[];
            /** @description The question. */
            query: string;
        };
        /** @description Questions worth asking, answered well before or suggested from the documentation's pages. */
        SearchAIRecommendedQuestions: {
            questions: string[];
        };
        /** @description One recommended question; the stream ends with an event named `done`. */
        SearchAIRecommendedQuestionStream: {
            question: string;
        };
        /** @description A page that matches a search, with its best matching sections. */
        SearchPageResult: {
            /** @description The pages it is under, from the top of the space down. */
            ancestors: {
                id: string;
                title: string;
            }[];
            /** @description The page's description; empty when it has none. */
            description: string;
            id: string;
            /** @description The page's path in the space's current revision. */
            path: string;
            /** @description Its place among the pages of this answer, the most relevant first. */
            rank: number;
            /** @enum {string} */
            resultType: "page";
            /** @description The score of its best section. */
            score: components["schemas"]["SearchResultScore"];
            sections: components["schemas"]["SearchSection"][];
            title: string;
            urls: {
                /** Format: uri */
                app: string;
            };
        };
        SearchPageResultList: components["schemas"]["List"] & {
            /** @description Pages, the most relevant first (title and heading matches above body matches). */
            items: components["schemas"]["SearchPageResult"][];
        };
        /** @description How relevant a result is; higher is better, with no upper bound. Scores of one answer compare with each other, not across searches. */
        SearchResultScore: number;
        /** @description A part of a page between two headings that matches the search. */
        SearchSection: {
            /** @description Plain text of the section (its first 1,000 characters). */
            body: string;
            /** @description The heading's anchor; the page's id for the text before the first heading. */
            id: string;
            /** @description The page's path, with `#anchor` for a heading. */
            path: string;
            /** @enum {string} */
            resultType: "section";
            score: components["schemas"]["SearchResultScore"];
            /** @description The heading text; empty for the text before the first heading. */
            title: string;
            urls: {
                /** Format: uri */
                app: string;
            };
        };
        /** @description A space with pages that match a search. */
        SearchSpaceResult: {
            id: string;
            /** @description Its matching pages, the most relevant first (at most 10). */
            pages: components["schemas"]["SearchPageResult"][];
            /** @description The score of its best page. */
            score: components["schemas"]["SearchResultScore"];
            title: string;
            /** @enum {string} */
            type: "space";
        };
        SearchSpaceResultList: components["schemas"]["List"] & {
            /** @description Spaces the caller may read, the one with the most relevant page first. */
            items: components["schemas"]["SearchSpaceResult"][];
        };
        /** @description One change between two versions of content, by its `type`. */
        SemanticChange: {
            page: components["schemas"]["ChangedPage"];
            /** @enum {string} */
            type: "page_created";
        } | {
            page: components["schemas"]["ChangedPage"];
            /** @enum {string} */
            type: "page_deleted";
        } | {
            /** @description The fields that changed; `document` is the body, by its document ID. */
            attributes: {
                [key: string]: components["schemas"]["ChangedAttribute"];
            };
            page: components["schemas"]["ChangedPage"];
            /** @enum {string} */
            type: "page_edited";
        } | {
            page: components["schemas"]["ChangedPage"];
            /** @description The parent page before and after; absent at the top level. */
            parent: {
                after?: components["schemas"]["ChangedPage"];
                before?: components["schemas"]["ChangedPage"];
            };
            /** @enum {string} */
            type: "page_moved";
        } | {
            file: components["schemas"]["ChangedFile"];
            /** @enum {string} */
            type: "file_created";
        } | {
            file: components["schemas"]["ChangedFile"];
            /** @enum {string} */
            type: "file_edited";
        } | {
            file: components["schemas"]["ChangedFile"];
            /** @enum {string} */
            type: "file_deleted";
        } | {
            /** @enum {string} */
            type: "variables_edited";
            variables: {
                [key: string]: {
                    after?: string;
                    before?: string;
                };
            };
        } | {
            reusableContent: components["schemas"]["ChangedReusableContent"];
            /** @enum {string} */
            type: "reusable_content_created";
        } | {
            /** @description The fields that changed; `document` is the body, by its document ID. */
            attributes: {
                document?: components["schemas"]["ChangedAttribute"];
                title?: components["schemas"]["ChangedAttribute"];
            };
            reusableContent: components["schemas"]["ChangedReusableContent"];
            /** @enum {string} */
            type: "reusable_content_edited";
        } | {
            reusableContent: components["schemas"]["ChangedReusableContent"];
            /** @enum {string} */
            type: "reusable_content_deleted";
        };
        SemanticChanges: {
            changes: components["schemas"]["SemanticChange"][];
            mergedFrom?: components["schemas"]["ChangeRequest"];
            /** @description How many changes were left out by `limit`; absent when none were. */
            more?: number;
        };
        /** @description A person signed in to the app: a server-side row behind the `quire_session` cookie. Its owner lists and ends their sessions; an organization's admins end a member's. */
        Session: {
            /**
             * Format: date-time
             * @description When the person signed in.
             */
            createdAt: string;
            /** @description Whether this is the session the request came with. */
            current: boolean;
            /**
             * Format: date-time
             * @description When the session ends on its own.
             */
            expiresAt: string;
            /** @description Unique identifier of the session (not its cookie, which is never answered). */
            id: string;
            /**
             * Format: date-time
             * @description When the session was last used, to within five minutes.
             */
            lastSeenAt: string;
            /**
             * @description How the person signed in.
             * @enum {string}
             */
            method?: "password" | "saml" | "oidc";
            /** @enum {string} */
            object: "session";
            user: components["schemas"]["User"];
            /** @description The browser that signed in, as it named itself. */
            userAgent?: string;
        };
        SessionList: components["schemas"]["List"] & {
            items: components["schemas"]["Session"][];
        };
        ShareLink: {
            active: boolean;
            createdAt: components["schemas"]["Timestamp"];
            expiresAt?: components["schemas"]["Timestamp"];
            id: string;
            name?: components["schemas"]["ShareLinkName"];
            /** @enum {string} */
            object: "share-link";
            /** @description `published` carries the secret key (`?share=<key>`) and is shown to admins only, and to whoever creates the link. */
            urls: {
                /** Format: uri */
                published?: string;
            };
        };
        ShareLinkList: components["schemas"]["List"] & {
            items: components["schemas"]["ShareLink"][];
        };
        /** @description A name saying who the link is for. */
        ShareLinkName: string;
        Site: {
            adaptiveContent: {
                enabled: boolean;
            };
            agentsContext: components["schemas"]["SiteAgentsContext"];
            /** @description The type in effect; the same as `type`, as no site is ever frozen here. */
            appliedType: components["schemas"]["SiteType"];
            /** @description Path of the site under the organization's URL. */
            basename?: string;
            createdAt: components["schemas"]["Timestamp"];
            /**
             * @description The role members get on the site's content by default: always `inherit` (their role in the organization and on each space), as sites have no roles of their own here.
             * @enum {string}
             */
            defaultLevel: "inherit";
            features: {
                customizations: string[];
                frozen: boolean;
                id: string;
                plan: components["schemas"]["SiteType"];
            }[];
            /** @description Custom hostname the site is served at. */
            hostname?: string;
            icon?: {
                icon: {
                    /** Format: uri */
                    dark?: string;
                    /** Format: uri */
                    light?: string;
                };
            };
            /** @description Unique identifier of the site. */
            id: string;
            /** @enum {string} */
            object: "site";
            permissions: components["schemas"]["SitePermissions"];
            /** @description Where the site is served through a proxy. */
            proxy?: {
                /** @description Host and path the proxy answers at (`docs.example.com/help`). */
                origin: string;
                /**
                 * Format: uri
                 * @description Where the proxy fetches the site from.
                 */
                target: string;
            };
            /** @description Whether the site is live. */
            published: boolean;
            /** @description Number of site spaces. */
            siteSpaces: number;
            title: string;
            type: components["schemas"]["SiteType"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the site in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description URL of the site in the API.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description Where members preview the site, published or not.
                 */
                preview: string;
                /**
                 * Format: uri
                 * @description Where readers find the site once it is published.
                 */
                published: string;
            };
            visibility: components["schemas"]["SiteVisibility"];
        };
        /**
         * @description A draft-07 JSON Schema of the claims visitors carry: an object schema whose properties are
         *     boolean, string or number claims, with `unsigned` an object of boolean claims, and
         *     `additionalProperties: false`.
         */
        SiteAdaptiveJsonSchema: {
            [key: string]: unknown;
        };
        SiteAdaptiveSchema: {
            jsonSchema: components["schemas"]["SiteAdaptiveJsonSchema"];
            /** @enum {string} */
            object: "site-adaptive-schema";
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /**
         * @description Whether agents may read the site.
         * @enum {string}
         */
        SiteAgentsContext: "excluded" | "included";
        /**
         * @description Where the question was asked: the site's Ask box (`site`), or the API and the site's MCP server (`api`).
         * @enum {string}
         */
        SiteChannelType: "site" | "embed" | "api";
        /**
         * @description A syntax highlighting theme (Shiki's names, as GitBook uses them).
         * @enum {string}
         */
        SiteCodeTheme: "default-light" | "default-dark" | "monochrome-light" | "monochrome-dark" | "andromeeda" | "aurora-x" | "ayu-dark" | "catppuccin-frappe" | "catppuccin-latte" | "catppuccin-macchiato" | "catppuccin-mocha" | "dark-plus" | "dracula" | "dracula-soft" | "everforest-dark" | "everforest-light" | "github-dark" | "github-dark-default" | "github-dark-dimmed" | "github-dark-high-contrast" | "github-light" | "github-light-default" | "github-light-high-contrast" | "gruvbox-dark-hard" | "gruvbox-dark-medium" | "gruvbox-dark-soft" | "gruvbox-light-hard" | "gruvbox-light-medium" | "gruvbox-light-soft" | "houston" | "kanagawa-dragon" | "kanagawa-lotus" | "kanagawa-wave" | "laserwave" | "light-plus" | "material-theme" | "material-theme-darker" | "material-theme-lighter" | "material-theme-ocean" | "material-theme-palenight" | "min-dark" | "min-light" | "monokai" | "night-owl" | "nord" | "one-dark-pro" | "one-light" | "plastic" | "poimandres" | "red" | "rose-pine" | "rose-pine-dawn" | "rose-pine-moon" | "slack-dark" | "slack-ochin" | "snazzy-light" | "solarized-dark" | "solarized-light" | "synthwave-84" | "tokyo-night" | "vesper" | "vitesse-black" | "vitesse-dark" | "vitesse-light";
        /**
         * @description An expression over `visitor.claims` (for example `visitor.claims.unsigned.beta === true`)
         *     deciding whether a visitor sees the item. It may name only claims of the site's adaptive schema.
         */
        SiteCondition: string;
        /** @description Every setting of a site (or a site space) as it applies: what was set, over Quire's defaults (and, for a site space, over its site's). */
        SiteCustomization: components["schemas"]["SiteCustomizationSettings"] & {
            advancedCustomization: {
                enabled: unknown;
            };
            ai: {
                mode: unknown;
            };
            embedding: {
                allowedOrigins: unknown;
            };
            externalLinks: {
                target: unknown;
            };
            favicon: unknown;
            feedback: {
                enabled: unknown;
            };
            footer: {
                groups: unknown;
            };
            header: {
                links: {
                    links: unknown;
                    to: unknown;
                }[];
                preset: unknown;
            };
            insights: {
                trackingCookie: unknown;
            };
            internationalization: {
                locale: unknown;
            };
            pageActions: unknown;
            pagination: {
                enabled: unknown;
            };
            privacyPolicy: unknown;
            socialAccounts: unknown;
            socialPreview: unknown;
            styling: {
                background: unknown;
                codeTheme: {
                    default: unknown;
                    openapi: unknown;
                };
                corners: unknown;
                dangerColor: {
                    dark: unknown;
                    light: unknown;
                };
                depth: unknown;
                font: unknown;
                icons: unknown;
                infoColor: {
                    dark: unknown;
                    light: unknown;
                };
                links: unknown;
                monospaceFont: unknown;
                primaryColor: {
                    dark: unknown;
                    light: unknown;
                };
                search: unknown;
                sidebar: {
                    background: unknown;
                    list: unknown;
                };
                successColor: {
                    dark: unknown;
                    light: unknown;
                };
                theme: unknown;
                warningColor: {
                    dark: unknown;
                    light: unknown;
                };
            };
            themes: {
                default: unknown;
                toggeable: unknown;
            };
            trademark: {
                enabled: unknown;
            };
        };
        /** @description How a site (or one site space) looks and behaves, as set: every key is optional, and a read answers every setting (`SiteCustomization`), with defaults for those not set. */
        SiteCustomizationSettings: {
            advancedCustomization?: components["schemas"]["SiteToggle"];
            ai?: {
                /** @enum {string} */
                mode?: "none" | "search" | "assistant";
            };
            announcement?: {
                enabled?: boolean;
                link?: {
                    title: components["schemas"]["SiteLinkTitle"];
                    to: components["schemas"]["SiteLinkTarget"];
                };
                message?: string;
                /** @enum {string} */
                style?: "info" | "warning" | "danger" | "success";
            };
            /** @description Where the site's pages may be shown in a frame (their `Content-Security-Policy`'s `frame-ancestors`). Quire's own setting: GitBook has none. */
            embedding?: {
                /** @description The origins (`https://www.example.com`) whose pages may frame the site's pages, besides the site itself; none: only the site itself. */
                allowedOrigins?: string[];
            };
            externalLinks?: {
                /** @enum {string} */
                target?: "self" | "blank";
            };
            favicon?: {
                emoji?: string;
                icon?: components["schemas"]["ThemedImage"];
            };
            feedback?: components["schemas"]["SiteToggle"];
            footer?: {
                copyright?: string;
                groups?: {
                    links: {
                        title: components["schemas"]["SiteLinkTitle"];
                        to: components["schemas"]["SiteLinkTarget"];
                    }[];
                    title: components["schemas"]["SiteLinkTitle"];
                }[];
                logo?: components["schemas"]["ThemedImage"];
            };
            git?: {
                showEditLink?: boolean;
            };
            header?: {
                links?: components["schemas"]["SiteHeaderLink"][];
                logo?: components["schemas"]["ThemedImage"];
                /**
                 * @description GitBook's older header style; the styling theme replaces it.
                 * @enum {string}
                 */
                preset?: "default" | "bold" | "contrast" | "custom" | "none";
            };
            insights?: {
                trackingCookie?: boolean;
            };
            internationalization?: {
                /** @enum {string} */
                locale?: "en" | "fr" | "de" | "es" | "it" | "pt" | "ru" | "ja" | "zh" | "ko" | "ar" | "hi" | "nl" | "pl" | "tr" | "sv" | "no" | "da" | "fi" | "el" | "cs" | "hu" | "ro" | "th" | "vi" | "id" | "ms" | "he" | "uk" | "sk" | "bg" | "hr" | "lt" | "lv" | "et" | "sl";
            };
            pageActions?: {
                /** @description The actions of a page's menu, in order; the first is its main button, an empty list turns the menu off. */
                items: ("assistant" | "external-ai" | "markdown" | "mcp" | "git" | "pdf")[];
            };
            pagination?: components["schemas"]["SiteToggle"];
            pdf?: components["schemas"]["SiteToggle"];
            privacyPolicy?: components["schemas"]["SiteOptionalUrl"];
            socialAccounts?: components["schemas"]["SiteSocialAccount"][];
            socialPreview?: components["schemas"]["SiteOptionalUrl"];
            styling?: {
                /**
                 * @description GitBook's older background setting; `tint` replaces it.
                 * @enum {string}
                 */
                background?: "plain" | "match";
                codeTheme?: {
                    default?: components["schemas"]["SiteThemedCodeTheme"];
                    openapi?: components["schemas"]["SiteThemedCodeTheme"];
                };
                /** @enum {string} */
                corners?: "straight" | "rounded" | "circular";
                dangerColor?: components["schemas"]["ThemedColor"];
                /** @enum {string} */
                depth?: "subtle" | "flat";
                /** @enum {string} */
                font?: "ABCFavorit" | "Inter" | "Roboto" | "RobotoSlab" | "OpenSans" | "SourceSansPro" | "Lato" | "Ubuntu" | "Raleway" | "Merriweather" | "Overpass" | "NotoSans" | "IBMPlexSerif" | "Poppins" | "FiraSans";
                /** @enum {string} */
                icons?: "regular" | "solid" | "duotone" | "light" | "thin";
                infoColor?: components["schemas"]["ThemedColor"];
                /** @enum {string} */
                links?: "default" | "accent";
                /** @enum {string} */
                monospaceFont?: "IBMPlexMono" | "FiraCode" | "JetBrainsMono" | "SourceCodePro" | "RobotoMono";
                primaryColor?: components["schemas"]["ThemedColor"];
                /** @enum {string} */
                search?: "prominent" | "subtle";
                sidebar?: {
                    /** @enum {string} */
                    background?: "default" | "filled";
                    /** @enum {string} */
                    list?: "default" | "pill" | "line";
                };
                successColor?: components["schemas"]["ThemedColor"];
                /** @enum {string} */
                theme?: "clean" | "muted" | "bold" | "gradient";
                tint?: {
                    color?: components["schemas"]["ThemedColor"];
                };
                warningColor?: components["schemas"]["ThemedColor"];
            };
            themes?: {
                /**
                 * @description The theme readers start with; `system` (or `null`) follows their system.
                 * @enum {string|null}
                 */
                default?: "light" | "dark" | "system" | null;
                toggeable?: boolean;
            };
            title?: components["schemas"]["SiteTitle"];
            trademark?: components["schemas"]["SiteToggle"];
        };
        SiteHeaderLink: {
            condition?: components["schemas"]["SiteCondition"];
            /** @description A menu of links under this one. */
            links?: {
                condition?: components["schemas"]["SiteCondition"];
                title: components["schemas"]["SiteLinkTitle"];
                to: components["schemas"]["SiteLinkTarget"];
            }[];
            /** @enum {string} */
            style?: "link" | "button-primary" | "button-secondary";
            title: components["schemas"]["SiteLinkTitle"];
            /** @description Where the link goes; `null` (or absent) for a menu of `links` only. */
            to?: components["schemas"]["SiteLinkTarget"] | null;
        };
        /** @description Name of an icon. */
        SiteIconName: string;
        /** @description One thing a reader did on a published site, as GitBook's renderer reports it. Quire keeps the type, the time, the path of the URL, the site's section, site space, space and page, the random session and visitor ids the reader's browser chose, the referrer's domain, a search's query and a page feedback's rating; an `ask_rate_response` sets the rating of the answer it names. It never keeps an address, a cookie, a user agent, a language or the visitor's claims, whatever the event carries. */
        SiteInsightsEvent: {
            feedback?: {
                /** @enum {string} */
                rating: "bad" | "ok" | "good";
            };
            location: {
                /**
                 * @default site
                 * @enum {string}
                 */
                displayContext: "site" | "server" | "embed" | "mcp";
                page?: string | null;
                revision?: string | null;
                siteSection?: string | null;
                siteShareKey?: string | null;
                siteSpace?: string | null;
                space?: string | null;
                url: string;
            };
            /** @description What a `search_type_query` searched for. */
            query?: string;
            /**
             * @description How an `ask_rate_response` rates the answer it names, helpful (1) or not (-1).
             * @enum {integer}
             */
            rating?: 1 | -1;
            /** @description The answer an `ask_rate_response` rates (the `id` of a streamed answer). */
            responseId?: string;
            session: {
                referrer?: string | null;
                sessionId: string;
                visitorId: string;
            };
            timestamp?: components["schemas"]["Timestamp"];
            type: components["schemas"]["SiteInsightsEventType"];
        };
        /**
         * @description What the reader did, with GitBook's names.
         * @enum {string}
         */
        SiteInsightsEventType: "page_view" | "page_markdown_request" | "search_open" | "search_type_query" | "search_open_result" | "page_post_feedback" | "page_post_feedback_comment" | "agent_feedback" | "ask_question" | "ask_view" | "ask_rate_response" | "link_click" | "api_client_open" | "api_client_request" | "ad_click" | "ad_display" | "trademark_click" | "llms_request" | "mcp_request" | "rss_request";
        /** @description A column of an insights query: what events are grouped or filtered by (`datetime` with its `interval`, the day of the week 1–7 from Monday, the hour of the day in UTC, the URL's path, the event's type, section, site space, display context, page as `{page, space}`, a search's query, a feedback's rating, the referrer's domain), or what is counted of each group (events, sessions, visitors, and the `pageFeedbackRating` counts `{bad, ok, good}`). GitBook's columns about the visitor's place, device, browser, claims or the links they followed are not recorded by Quire, and asking for one is a 400. */
        SiteInsightsQueryEventsColumn: {
            /** @enum {string} */
            column: "datetime" | "dayOfWeek" | "hourOfDay" | "urlPath" | "eventType" | "siteSection" | "siteSpace" | "displayContext" | "page" | "eventSearchQuery" | "eventPageFeedbackRating" | "referrerDomain" | "eventsCount" | "sessionsCount" | "visitorsCount" | "pageFeedbackRating";
            /**
             * @description How `datetime` is cut (weeks start on Monday), in UTC.
             * @default day
             * @enum {string}
             */
            interval: "hour" | "day" | "week" | "month";
        };
        /** @description The random ids a reader's browser chose for itself and its visit. */
        SiteInsightsSession: {
            sessionId: string;
            visitorId: string;
        };
        /** @description What a customization link points to. */
        SiteLinkTarget: {
            /** @enum {string} */
            kind: "url";
            /** Format: uri */
            url: string;
        } | {
            file: components["schemas"]["ResourceId"];
            /** @enum {string} */
            kind: "file";
        } | {
            /** @enum {string} */
            kind: "page";
            page: components["schemas"]["ResourceId"];
            space?: components["schemas"]["ResourceId"];
        } | {
            /** @enum {string} */
            kind: "space";
            space: components["schemas"]["ResourceId"];
        };
        SiteLinkTitle: string;
        SiteList: components["schemas"]["List"] & {
            items: components["schemas"]["Site"][];
        };
        SiteOptionalUrl: {
            /** Format: uri */
            url?: string;
        };
        /** @description A segment of the site's URLs, unique among its siblings. */
        SitePath: string;
        /** @description What the caller may do with the site. */
        SitePermissions: {
            /** @description Whether the caller may open the site in the application. */
            access: boolean;
            /** @description Whether the caller may publish and unpublish the site (`admin`). */
            admin: boolean;
            /** @description Whether the caller may change the site's settings and structure (`create` or higher). */
            create: boolean;
            /** @description Whether the caller may edit the content the site publishes (`edit` or higher). */
            edit: boolean;
            editAdaptiveSchema: boolean;
            /** @description Whether the caller may install integrations on the site (`admin`). */
            installIntegration: boolean;
            /** @description Whether the caller sees the site. */
            view: boolean;
            viewAdaptiveSchema: boolean;
        };
        SitePublishedUrls: {
            /**
             * Format: uri
             * @description Where readers find it; with the `shareKey` of a share link, the URL through that link.
             */
            published: string;
        };
        /** @description How readers of a `visitor-auth` site prove who they are. */
        SitePublishingAuth: {
            /**
             * @description `custom`: your own backend signs visitor tokens with `privateKey`.
             * @enum {string}
             */
            backend: "custom" | "integration";
            /**
             * Format: uri
             * @description Where a reader without a valid token is sent to sign in.
             */
            fallbackURL?: string;
            /** @description The integration acting as backend, when `backend` is `integration`. */
            integration?: string;
            /**
             * Format: uri
             * @description Where a reader is sent to sign out of your backend.
             */
            logoutURL?: string;
            /** @enum {string} */
            object: "publishing-auth";
            /** @description The secret visitor tokens are signed with (HS256). Regenerating it invalidates every token signed with the old one. */
            privateKey: string;
        };
        /** @description Changes to a site's publishing authentication; `null` unsets a URL. */
        SitePublishingAuthUpdate: {
            /** @enum {string} */
            backend: "custom" | "integration";
            /** Format: uri */
            fallbackURL?: string | null;
            /** Format: uri */
            logoutURL?: string | null;
        };
        /** @description A question readers asked a site, however many times (the same words, case and spacing aside, are one question). */
        SiteQuestion: {
            /** @description When it was last asked. */
            askedAt: components["schemas"]["Timestamp"];
            /** @description When it was first asked. */
            createdAt: components["schemas"]["Timestamp"];
            id: string;
            /** @enum {string} */
            object: "site-question";
            question: string;
            stats: components["schemas"]["SiteQuestionStats"];
            type: components["schemas"]["SiteQuestionType"];
            urls: {
                /** Format: uri */
                location: string;
            };
        };
        /** @description One time a question was asked of a site, and how it was answered. */
        SiteQuestionAnswer: {
            answered: components["schemas"]["SiteQuestionAnswerResolution"];
            channel: {
                type: components["schemas"]["SiteChannelType"];
            };
            createdAt: components["schemas"]["Timestamp"];
            /** @description Why the model gave no answer, when it failed (unreachable, refusing, too slow). */
            failure?: string;
            feedback?: {
                /** @enum {integer} */
                rating: -1 | 1;
            };
            /** @description From the reader's rating; `medium` while unrated. */
            helpfulness: components["schemas"]["SiteQuestionAnswerHelpfulness"];
            id: string;
            input: {
                /** @description The question as it was asked. */
                raw: string;
                /** @description The question as it is grouped (trimmed, spacing collapsed). */
                text: string;
            };
            /** @description The question's language as an ISO 639-3 code, as far as its words tell (`und` when they don't). */
            language: string;
            /** @enum {string} */
            object: "site-question-answer";
            question: {
                id: string;
                type: components["schemas"]["SiteQuestionType"];
            };
            relevance: components["schemas"]["SiteQuestionAnswerRelevance"];
            /** @description The id of the model's response; the same as the answer's. */
            responseId: string;
            session?: components["schemas"]["SiteInsightsSession"];
            /** @description The conversation the question belongs to; `previous` is the answer it follows (empty for the first). */
            thread: {
                id: string;
                previous: string;
            };
            /** @description Quire does not group questions into topics yet; always empty. */
            topics: string[];
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /** Format: uri */
                location: string;
            };
        };
        /**
         * @description How helpful readers found the answer, from their ratings.
         * @enum {string}
         */
        SiteQuestionAnswerHelpfulness: "low" | "medium" | "high";
        SiteQuestionAnswerList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteQuestionAnswer"][];
        };
        /**
         * @description Whether the question is about the documentation (`unclear` when nothing in it matched).
         * @enum {string}
         */
        SiteQuestionAnswerRelevance: "relevant" | "spam" | "off-topic" | "unclear";
        /**
         * @description Whether the documentation answered: `yes` with cited sources, `partially` when sources were found but the model cited none (or no model was set up), `no` when nothing matched or the model failed.
         * @enum {string}
         */
        SiteQuestionAnswerResolution: "no" | "partially" | "yes";
        /** @description A page an answer was written from. */
        SiteQuestionAnswerSource: {
            /** @description The source's id; the same page cited by many answers is one source of a question. */
            id: string;
            /** @enum {string} */
            object: "site-question-answer-source";
            page: string;
            revision: string;
            space: string;
            title: string;
            /** @enum {string} */
            type: "page";
            urls: {
                /**
                 * Format: uri
                 * @description The page on the published site.
                 */
                location: string;
            };
            /** @description How often it was cited, among the answers listed (1 for one answer's source). */
            weight: number;
        };
        SiteQuestionAnswerSourceList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteQuestionAnswerSource"][];
        };
        SiteQuestionAnswerWithResponse: components["schemas"]["SiteQuestionAnswer"] & {
            response: components["schemas"]["AIMessage"];
        };
        SiteQuestionList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteQuestion"][];
        };
        /** @description Counts over the answers given in the range, by how they went. */
        SiteQuestionStats: {
            answered: {
                no: number;
                partially: number;
                yes: number;
            };
            /** @description Answers given. */
            answers: number;
            channels: {
                [key: string]: number;
            };
            channelTypes: {
                [key: string]: number;
            };
            feedback: {
                negative: number;
                positive: number;
                unrated: number;
            };
            relevance: {
                "off-topic": number;
                relevant: number;
                spam: number;
                unclear: number;
            };
            /** @description Questions (the same question asked again counts once). */
            total: number;
            types: {
                exploring: number;
                "how-to": number;
                reference: number;
                troubleshooting: number;
                unknown: number;
            };
            /** @description Answers given in each of the last 13 weeks of the range, the oldest first. */
            weeklyPulse: number[];
        };
        /**
         * @description What kind of question it is, read from its wording.
         * @enum {string}
         */
        SiteQuestionType: "exploring" | "how-to" | "troubleshooting" | "reference" | "unknown";
        /** @description A rule sending readers of a path of the site elsewhere. */
        SiteRedirect: {
            /** @description The part of the path the wildcard matched is appended to the destination. */
            captureWildcard: boolean;
            createdAt: components["schemas"]["Timestamp"];
            destination: components["schemas"]["SiteRedirectDestination"];
            /** @description A draft redirect is not live; readers are not sent anywhere by it. */
            draft: boolean;
            id: string;
            /** @enum {string} */
            object: "site-redirect";
            /** @description Readers are sent with 308 when true, else 307. */
            permanent: boolean;
            source: components["schemas"]["SiteRedirectSourcePath"];
            updatedAt?: components["schemas"]["Timestamp"];
        };
        /** @description What became of one redirect of a bulk upsert: `created`, `updated`, `deleted`, `published` (a draft made live), or `error` with why. */
        SiteRedirectBulkResult: {
            draft: boolean;
            /** @description What stopped this redirect, when `status` is `error`. */
            error?: string;
            /** @description The redirect, unless it was deleted or an error stopped it. */
            id?: string;
            source: components["schemas"]["SiteRedirectSourcePath"];
            /** @enum {string} */
            status: "created" | "updated" | "deleted" | "published" | "error";
        };
        /** @description Where a redirect sends readers. */
        SiteRedirectDestination: components["schemas"]["SiteRedirectDestinationSiteSection"] | components["schemas"]["SiteRedirectDestinationSiteSpace"] | components["schemas"]["SiteRedirectDestinationPage"] | components["schemas"]["SiteRedirectDestinationExternal"];
        /** @description Any http(s) URL. */
        SiteRedirectDestinationExternal: {
            /** @enum {string} */
            kind: "external";
            /** Format: uri */
            url: string;
        };
        /** @description A page of the space a site space of the site publishes. */
        SiteRedirectDestinationPage: {
            /** @enum {string} */
            kind: "site-page";
            pageId: components["schemas"]["ResourceId"];
            siteSpaceId: components["schemas"]["ResourceId"];
        };
        /** @description A section of the site. */
        SiteRedirectDestinationSiteSection: {
            /** @enum {string} */
            kind: "site-section";
            siteSectionId: components["schemas"]["ResourceId"];
        };
        /** @description A site space of the site. */
        SiteRedirectDestinationSiteSpace: {
            /** @enum {string} */
            kind: "site-space";
            siteSpaceId: components["schemas"]["ResourceId"];
        };
        /** @description Where a redirect sends readers, as a destination or a page's path in a space. */
        SiteRedirectInputDestination: components["schemas"]["SiteRedirectDestinationSiteSection"] | components["schemas"]["SiteRedirectDestinationSiteSpace"] | components["schemas"]["SiteRedirectDestinationPage"] | components["schemas"]["SiteRedirectDestinationExternal"] | components["schemas"]["SiteRedirectInputDestinationPath"];
        /** @description A page by its path in a space a site space of the site publishes; it is stored as the `site-page` it names. */
        SiteRedirectInputDestinationPath: {
            /** @enum {string} */
            kind: "path";
            path: string;
            spaceId: components["schemas"]["ResourceId"];
        };
        SiteRedirectList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteRedirect"][];
        };
        /**
         * @description `createdAt`: newest first; `updatedAt`: most recently updated first (the creation time for one never updated); `source`: by source path.
         * @default createdAt
         * @enum {string}
         */
        SiteRedirectOrderBy: "createdAt" | "updatedAt" | "source";
        /** @description The path of the site to redirect from, relative to the site's root (`/old/page`). It may end with `*` (any path starting with what comes before) or `/*` (any path under it). */
        SiteRedirectSourcePath: string;
        /** @description Which site spaces a site search reads. */
        SiteSearchScope: {
            /** @enum {string} */
            mode: "all";
        } | {
            /** @enum {string} */
            mode: "specific";
            siteSpaceIds: string[];
        } | {
            currentSiteSpace?: string;
            /** @enum {string} */
            mode: "default";
            /**
             * @description With `currentSiteSpace`, only it; with `otherSiteSpaces`, the default scope without it.
             * @enum {string}
             */
            restrictTo?: "currentSiteSpace" | "otherSiteSpaces";
        };
        SiteSection: {
            condition?: string;
            /** @description Whether this is the site's default section. */
            default: boolean;
            description?: string;
            /** @description Whether it is a draft, kept out of the published site. */
            draft: boolean;
            icon?: string;
            id: string;
            /** @enum {string} */
            object: "site-section";
            path: string;
            /** @description ID of the section group holding the section. */
            sectionGroup?: string;
            siteSpaces: components["schemas"]["SiteSpace"][];
            title: string;
            urls: components["schemas"]["SitePublishedUrls"];
        };
        SiteSectionGroup: {
            /** @description Groups nested in this one; Quire's groups do not nest, so it is empty. */
            children: components["schemas"]["SiteSectionGroup"][];
            /** @description Whether it is a draft, kept out of the published site. */
            draft: boolean;
            icon?: string;
            id: string;
            /** @enum {string} */
            object: "site-section-group";
            sections: components["schemas"]["SiteSection"][];
            title: string;
        };
        SiteSectionGroupList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteSectionGroup"][];
        };
        /** @description Title of a section group. */
        SiteSectionGroupTitle: string;
        SiteSectionList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteSection"][];
        };
        SiteSectionPointer: {
            /** @description ID of the section. */
            siteSection: components["schemas"]["ResourceId"];
            /** @enum {string} */
            type: "site-section";
        };
        SiteSocialAccount: {
            display: {
                footer: boolean;
                header: boolean;
            };
            /** @description The handle, without a prefix such as `@`. */
            handle: string;
            /** @enum {string} */
            platform: "twitter" | "instagram" | "facebook" | "linkedin" | "github" | "discord" | "slack" | "youtube" | "tiktok" | "reddit" | "bluesky" | "mastodon" | "threads" | "medium";
        };
        SiteSpace: {
            condition?: string;
            /** @description Whether this is the default site space of its section (or of the root). */
            default: boolean;
            /** @description Whether it is a draft, kept out of the published site. */
            draft: boolean;
            hasAdvancedCustomizationFeature: boolean;
            id: string;
            /** @enum {string} */
            object: "site-space";
            path: string;
            /** @description ID of the section holding it; absent at the root of the site. */
            section?: string;
            space: components["schemas"]["Space"];
            /** @description Title of its space. */
            title: string;
            urls: components["schemas"]["SitePublishedUrls"];
        };
        SiteSpaceList: components["schemas"]["List"] & {
            items: components["schemas"]["SiteSpace"][];
        };
        SiteSpacePointer: {
            /** @description ID of the site space. */
            siteSpace: components["schemas"]["ResourceId"];
            /** @enum {string} */
            type: "site-space";
        };
        SiteTemplateConditions: {
            items: {
                condition: string;
                description: string;
            }[];
        };
        SiteThemedCodeTheme: {
            dark: components["schemas"]["SiteCodeTheme"];
            light: components["schemas"]["SiteCodeTheme"];
        };
        /** @description Title of a site or a site section. */
        SiteTitle: string;
        SiteToggle: {
            enabled?: boolean;
        };
        SiteTopLevelPointer: {
            /** @description ID of a top-level section or of a section group. */
            id: components["schemas"]["ResourceId"];
            /** @enum {string} */
            type: "site-section" | "site-section-group";
        };
        /**
         * @description The plan of the site.
         * @enum {string}
         */
        SiteType: "basic" | "premium" | "ultimate" | "sponsored" | "legacy-basic" | "legacy-premium";
        /**
         * @description Who can read the published site:
         *     * `public`: anyone, and search engines index it.
         *     * `unlisted`: anyone, not indexed.
         *     * `share-link`: anyone with the key of one of its share links.
         *     * `visitor-auth`: anyone authenticated through a JWT.
         * @enum {string}
         */
        SiteVisibility: "public" | "unlisted" | "share-link" | "visitor-auth";
        /** @description Who is reading a site: a token with signed claims, claims stated without a signature, or both. */
        SiteVisitorPayload: {
            /** @description A JWT signed (HS256) with the site's publishing key; its claims become `visitor.claims`. */
            jwtToken?: string;
            /**
             * @description Whether the visitor is a person or an agent; a person when omitted.
             * @enum {string}
             */
            type?: "human" | "agent";
            /** @description Claims the visitor states without proof, read as `visitor.claims.unsigned`. */
            unsignedClaims?: {
                [key: string]: unknown;
            };
        };
        Space: {
            /** @description Number of change requests. */
            changeRequests: number;
            /** @description Number of draft change requests. */
            changeRequestsDraft: number;
            /** @description Number of open change requests. */
            changeRequestsOpen: number;
            /** @description Number of open comments. */
            comments: number;
            createdAt: components["schemas"]["Timestamp"];
            defaultLevel: components["schemas"]["MemberRoleOrGuest"];
            deletedAt?: components["schemas"]["Timestamp"];
            editMode?: components["schemas"]["SpaceEditMode"];
            emoji: components["schemas"]["Emoji"];
            gitSync?: components["schemas"]["GitSyncState"];
            /** @description Unique identifier of the space. */
            id: string;
            mergeRules: components["schemas"]["MergeRulesSpaceConfiguration"];
            /** @enum {string} */
            object: "space";
            /** @description ID of the organization owning the space. */
            organization: string;
            /** @description ID of the parent collection, when the space is in one. */
            parent?: string;
            permissions: components["schemas"]["SpacePermissions"];
            /** @description ID of the active revision. */
            revision: string;
            /** @description Title of the space; empty for a space created without one. */
            title: string;
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the space in the application.
                 */
                app: string;
                /**
                 * Format: uri
                 * @description URL of the space's icon, when it has one.
                 */
                icon?: string;
                /**
                 * Format: uri
                 * @description URL of the space in the API.
                 */
                location: string;
                /**
                 * Format: uri
                 * @description URL of the public content, when the space is public.
                 */
                public?: string;
                /**
                 * Format: uri
                 * @description URL of the published content, when the space is published.
                 */
                published?: string;
            };
            visibility: components["schemas"]["ContentVisibility"];
            visitorAuth?: components["schemas"]["VisitorAuth"];
        };
        SpaceAccessList: components["schemas"]["List"] & {
            items: {
                role: components["schemas"]["MemberRole"];
                /** @description Every grant or role that gives the user access. */
                sources: {
                    role: components["schemas"]["MemberRole"];
                    /** @description ID of the team, for a team grant. */
                    team?: string;
                    /** @enum {string} */
                    type: "organization" | "default-level" | "user" | "team";
                }[];
                user: components["schemas"]["User"];
            }[];
        };
        /**
         * @description How the space can be edited:
         *     * `live`: users edit directly.
         *     * `locked`: every edit is refused.
         * @enum {string}
         */
        SpaceEditMode: "live" | "locked";
        SpaceList: components["schemas"]["List"] & {
            items: components["schemas"]["Space"][];
        };
        /** @description What the caller may do in the space. */
        SpacePermissions: {
            /** @description Can manage who has access. */
            access: boolean;
            /** @description Can change settings, delete, restore and transfer. */
            admin: boolean;
            /** @description Can comment. */
            comment: boolean;
            /** @description Can edit content (false while locked). */
            edit: boolean;
            /** @description Can install integrations on the space. */
            installIntegration: boolean;
            /** @description Can merge change requests (false while locked). */
            merge: boolean;
            /** @description Can review change requests. */
            review: boolean;
            /** @description Can trigger a Git sync. */
            triggerGitSync: boolean;
            /** @description Can read the content. */
            view: boolean;
            /** @description Can see invite links. */
            viewInviteLinks: boolean;
        };
        SpacePointer: {
            /** @description ID of the space. */
            space: components["schemas"]["ResourceId"];
            /** @enum {string} */
            type: "space";
        };
        SpaceTeamPermissionList: components["schemas"]["List"] & {
            items: {
                role: components["schemas"]["MemberRole"];
                team: components["schemas"]["Team"];
            }[];
        };
        /** @description Title of the space; it must have a character other than white space (zero-width ones count as white space). */
        SpaceTitle: string;
        SpaceUserPermissionList: components["schemas"]["List"] & {
            items: {
                role: components["schemas"]["MemberRole"];
                user: components["schemas"]["User"];
            }[];
        };
        /** @description How to sign in to an organization with single sign-on. */
        SsoProviderList: {
            items: {
                id: components["schemas"]["ResourceId"];
                label: components["schemas"]["SamlProviderLabel"];
                /**
                 * @description How the provider signs people in.
                 * @enum {string}
                 */
                protocol: "saml" | "oidc";
                /**
                 * Format: uri
                 * @description Where a browser starts signing in with this provider.
                 */
                startURL: string;
            }[];
        };
        /** @description A group of an organization's members, granted roles on spaces together. */
        Team: {
            createdAt: components["schemas"]["Timestamp"];
            id: components["schemas"]["ResourceId"];
            /** @description How many members the team has. */
            members: number;
            /** @constant */
            object: "team";
            permissions: {
                /** @description Whether the caller may rename and delete the team and manage its members. */
                admin: boolean;
                /** @description Whether the caller may see the team. */
                view: boolean;
            };
            /** @description How many spaces the team was granted a role on. */
            spaces: number;
            title: components["schemas"]["TeamTitle"];
            urls: {
                /**
                 * Format: uri
                 * @description API URL of the team.
                 */
                location: string;
            };
        };
        TeamList: components["schemas"]["List"] & {
            items: components["schemas"]["Team"][];
        };
        TeamMemberList: components["schemas"]["List"] & {
            items: {
                organization: components["schemas"]["Member"];
                permissions: {
                    view: boolean;
                };
                team: {
                    role: components["schemas"]["TeamMemberRole"];
                };
            }[];
        };
        /**
         * @description A role in a team; an `owner` manages the team's members.
         * @enum {string}
         */
        TeamMemberRole: "owner" | "member";
        /** @description Who joins and who leaves the team, and roles to set; a user in both `add` and `remove` is removed. */
        TeamMembersUpdate: {
            add?: components["schemas"]["UserIdOrEmail"][];
            /** @description Roles to set, by user ID; the user joins the team when not in it yet. */
            memberships?: {
                [key: string]: {
                    role: components["schemas"]["TeamMemberRole"];
                };
            };
            remove?: components["schemas"]["UserIdOrEmail"][];
        };
        /** @description Name of the team. */
        TeamTitle: string;
        /** @description A colour for the light and the dark theme. */
        ThemedColor: {
            dark?: string;
            light?: string;
        };
        /** @description An image for the light and the dark theme. */
        ThemedImage: {
            /** Format: uri */
            dark?: string;
            /** Format: uri */
            light?: string;
        };
        /**
         * Format: date-time
         * @description An instant in ISO 8601, UTC.
         * @example 2026-11-22T10:00:00.000Z
         */
        Timestamp: string;
        /** @description A space kept translated into another language, in a result space of the same organization. */
        Translation: {
            createdAt: components["schemas"]["Timestamp"];
            /** @description Unique identifier of the translation. */
            id: string;
            /** @description What the engine is told besides the text (tone, terms to keep); OpenAI-compatible engines read it. An empty document when none was given. */
            instructions: components["schemas"]["JsonDocument"] & {
                data: {
                    [key: string]: unknown;
                };
            };
            language: components["schemas"]["TranslationLanguage"];
            /** @description Why the latest run failed (the engine unreachable, refusing, answering something else, or too slow); absent once a run finishes. */
            lastError?: string;
            /** @enum {string} */
            object: "translation";
            permissions: {
                /** @description Whether the caller may change, run or delete it. */
                edit: boolean;
                /** @description Whether the caller may read the translation. */
                view: boolean;
            };
            result?: components["schemas"]["TranslationResult"];
            source: components["schemas"]["TranslationSource"];
            stats: components["schemas"]["TranslationStats"];
            status: components["schemas"]["TranslationStatus"];
            updatedAt: components["schemas"]["Timestamp"];
            urls: {
                /**
                 * Format: uri
                 * @description URL of the translation in the API.
                 */
                location: string;
            };
        };
        /**
         * @description A language a translation reads from or writes in.
         * @enum {string}
         */
        TranslationLanguage: "en" | "fr" | "de" | "es" | "it" | "pt" | "ru" | "ja" | "zh" | "ko" | "ar" | "hi" | "nl" | "pl" | "tr" | "sv" | "no" | "da" | "fi" | "el" | "cs" | "hu" | "ro" | "th" | "vi" | "id" | "ms" | "he" | "uk" | "sk" | "bg" | "hr" | "lt" | "lv" | "et" | "sl";
        TranslationList: components["schemas"]["List"] & {
            items: components["schemas"]["Translation"][];
        };
        /** @description One of the organization's translations, by its ID. */
        TranslationRef: {
            /** @enum {string} */
            kind: "translation";
            /** @description ID of the translation. */
            translation: components["schemas"]["ResourceId"];
        };
        /** @description Where a translation writes: a space of the organization, and the revision its latest run wrote. */
        TranslationResult: {
            language: components["schemas"]["TranslationLanguage"];
            /** @description ID of the revision the latest run made (or found current). */
            revision: string;
            /** @description ID of the space holding the translated content. */
            space: string;
        };
        /** @description The space a translation reads, and the language it is written in. */
        TranslationSource: {
            language: components["schemas"]["TranslationLanguage"];
            /** @description ID of the source space. */
            space: components["schemas"]["ResourceId"];
        };
        /** @description What the runs of a translation did; durations in seconds. */
        TranslationStats: {
            /** @description Pages the latest run translated (those whose source changed since the run before). */
            latestPages: number;
            /** @description Seconds the latest run took. */
            latestRunDuration: number;
            /** @description Words the latest run sent for translation. */
            latestWords: number;
            /** @description Runs finished so far. */
            runs: number;
            /** @description Seconds spent over all runs. */
            totalDuration: number;
            /** @description Pages of the source translated at least once, each counted once. */
            totalPages: number;
            /** @description Words sent for translation over all runs. */
            totalWords: number;
        };
        /**
         * @description `pending` while a run waits (for its turn, or for an engine to be configured), `running` during a run, `completed` once the latest run finished, `failed` when the latest run failed (`lastError` says why; it is tried again, with growing pauses, up to 8 times).
         * @enum {string}
         */
        TranslationStatus: "pending" | "running" | "completed" | "failed";
        /** @description A merge rule the change request does not pass yet, and why. */
        UnmetMergeRule: {
            /** @description What is missing, for people. */
            message: string;
            /** @description The rule's `rule`, as configured. */
            rule: string;
        };
        /** @description What an update of a space or site installation changes; absent fields stay. */
        UpdateIntegrationContentInstallation: {
            configuration?: components["schemas"]["IntegrationInstallationConfiguration"];
            externalIds?: components["schemas"]["IntegrationInstallationExternalIds"];
        };
        /** @description Changes a page's fields or body, or moves it under `into` (`null`, the top level) before position `at`. */
        UpdatePageChange: {
            at?: number;
            description?: string;
            document?: components["schemas"]["PageBodyInput"];
            emoji?: components["schemas"]["Emoji"];
            hidden?: boolean;
            icon?: string;
            into?: string | null;
            /** @description The page's canonical and alternate links (document pages), replaced whole; `null` clears them. */
            metaLinks?: components["schemas"]["RevisionPageMetaLinks"] | null;
            noIndex?: boolean;
            noRobotsIndex?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "update_page";
            /** @description ID of the page, or the `ref` of a page inserted earlier in the batch. */
            page: components["schemas"]["ResourceId"];
            slug?: components["schemas"]["PageSlug"];
            target?: components["schemas"]["LinkTarget"];
            title?: components["schemas"]["PageTitle"];
            /** @description The page's own variables (document pages), replaced whole: `{}` leaves it none; absent leaves them as they are. */
            variables?: components["schemas"]["Variables"];
        };
        /** @description Changes a reusable content's title or body. */
        UpdateReusableContentChange: {
            document?: components["schemas"]["PageBodyInput"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "update_reusable_content";
            /** @description ID of the reusable content, or the `ref` of one inserted earlier in the batch. */
            reusableContent: components["schemas"]["ResourceId"];
            title?: components["schemas"]["ReusableContentTitle"];
        };
        /** @description Replaces the whole variables map. */
        UpdateVariablesChange: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            operation: "update_variables";
            variables: components["schemas"]["Variables"];
        };
        User: {
            /** @description Full name of the user. */
            displayName: string;
            /**
             * Format: email
             * @description Email address of the user.
             */
            email?: string;
            /** @description Unique identifier of the user. */
            id: string;
            /** @enum {string} */
            object: "user";
            /**
             * Format: uri
             * @description URL of the user's profile picture.
             */
            photoURL?: string;
            urls: {
                /**
                 * Format: uri
                 * @description URL of the user in the API.
                 */
                location: string;
            };
        };
        /** @description ID of a user, or their email address. */
        UserIdOrEmail: string;
        /** @description Variables of the content, name → value. */
        Variables: {
            [key: string]: string;
        };
        /** @description How visitors of `visitor-auth` content authenticate. */
        VisitorAuth: {
            /** @enum {string} */
            backend: "custom" | "integration";
        };
        /** @description An address the organization's events are sent to, signed per Standard Webhooks. */
        Webhook: {
            /** @description Whether events are sent. The server turns a webhook off after a day of failed deliveries. */
            active: boolean;
            createdAt: components["schemas"]["Timestamp"];
            description: components["schemas"]["WebhookDescription"];
            /** @description Why the server turned the webhook off; absent when it is on or a person turned it off. */
            disabledReason?: string;
            events: components["schemas"]["WebhookEventFilter"];
            /** @description When the current run of failed delivery attempts began; absent after a success. */
            failingSince?: components["schemas"]["Timestamp"];
            id: components["schemas"]["ResourceId"];
            /** @constant */
            object: "webhook";
            /** @description When the signing secret was last rotated. */
            secretRotatedAt?: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            url: components["schemas"]["WebhookUrl"];
            urls: {
                /**
                 * Format: uri
                 * @description API URL of its deliveries.
                 */
                deliveries: string;
                /**
                 * Format: uri
                 * @description API URL of the webhook.
                 */
                location: string;
            };
        };
        /** @description One event sent to one webhook, with the outcome of its latest attempt. */
        WebhookDelivery: {
            /** @description Attempts made so far. */
            attemptCount: number;
            createdAt: components["schemas"]["Timestamp"];
            /** @description The event sent; its id is the `webhook-id` header, the receiver's idempotency key. */
            event: {
                action: components["schemas"]["AuditEventActionId"];
                id: string;
            };
            id: components["schemas"]["ResourceId"];
            /** @description The latest attempt. */
            lastAttempt?: components["schemas"]["WebhookDeliveryAttempt"];
            /** @description When the next attempt is due, while the delivery is pending. */
            nextAttemptAt?: components["schemas"]["Timestamp"];
            /** @constant */
            object: "webhook-delivery";
            /** @description The delivery this one sends again, for a redelivery. */
            redeliveryOf?: components["schemas"]["ResourceId"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            urls: {
                /** Format: uri */
                location: string;
            };
            webhook: components["schemas"]["ResourceId"];
        };
        /** @description One attempt to deliver an event to a webhook. */
        WebhookDeliveryAttempt: {
            at: components["schemas"]["Timestamp"];
            /** @description From sending the request to the end of the answer, or to the failure. */
            durationMs: number;
            /** @description Why the attempt failed, when it did. */
            error?: string;
            /** @description The receiver's HTTP status, when it answered. */
            responseStatus?: number;
        };
        /** @description One delivery read on its own: with every attempt made, first to last, as Stripe, GitHub and Svix show them. */
        WebhookDeliveryDetail: components["schemas"]["WebhookDelivery"] & {
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookDeliveryList: components["schemas"]["List"] & {
            items: components["schemas"]["WebhookDelivery"][];
        };
        /**
         * @description `pending` while attempts remain (the next at `nextAttemptAt`), `succeeded` once the receiver answered 2xx, `failed` when every attempt failed or the webhook was turned off.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed";
        /** @description What the webhook is for, for the people who administer it. */
        WebhookDescription: string;
        /**
         * @description The events sent to the webhook: actions of the audit log, or `*` for every event, including kinds added in later versions.
         * @example [
         *       "space.created",
         *       "change_request.merged"
         *     ]
         */
        WebhookEventFilter: (components["schemas"]["AuditEventActionId"] | "*")[];
        WebhookList: components["schemas"]["List"] & {
            items: components["schemas"]["Webhook"][];
        };
        /** @description The body of every webhook request, in the Standard Webhooks format. The headers `webhook-id` (the event id), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`, several space-separated while a rotated secret is still honoured) sign it. */
        WebhookPayload: {
            data: components["schemas"]["AuditEventDetail"];
            /** @description When the event happened. */
            timestamp: components["schemas"]["Timestamp"];
            type: components["schemas"]["AuditEventActionId"];
        };
        /**
         * Format: uri
         * @description Where events are POSTed: an absolute http(s) URL without credentials. The server only sends to public internet addresses unless the instance allows private ones (`OUTBOUND_ALLOW_PRIVATE`).
         * @example https://hooks.example.com/quire
         */
        WebhookUrl: string;
        /** @description A webhook with its signing secret, shown only when it is made (create and rotate). */
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /** @description The signing secret (`whsec_` and base64), for verifying the `webhook-signature` header with any Standard Webhooks library. Shown once; rotate it to get a new one. */
            secret: string;
        };
    };
    responses: {
        /** @description A service the server relies on (a translation engine) failed to answer */
        BadGatewayError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Bad request, the input does not match the contract */
        BadRequestError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state */
        ConflictError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller may not do this */
        ForbiddenError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found, or not visible to the caller */
        NotFoundError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is too large */
        PayloadTooLargeError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests: the caller went over a rate limit (requests, searches or sign-in attempts a minute). Wait `Retry-After` seconds. */
        TooManyRequestsError: {
            headers: {
                /** @description Seconds until the budget is whole again. */
                "Retry-After"?: number;
                /** @description The budget this request went over, a minute. */
                "X-RateLimit-Limit"?: number;
                /** @description What is left of it (0). */
                "X-RateLimit-Remaining"?: number;
                /** @description When the budget is whole again, in seconds since the Unix epoch. */
                "X-RateLimit-Reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid API token */
        UnauthorizedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is not JSON: send it with `Content-Type: application/json` */
        UnsupportedMediaTypeError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description How the answer's text comes back, as Markdown (default) or as a JSON document. */
        answerFormat: "document" | "markdown";
        /** @description Accepted for GitBook's clients; answers always carry their sources. */
        askDetails: boolean;
        /** @description ID of the change request, or its number in the space. */
        changeRequestId: components["schemas"]["ResourceId"];
        /** @description ID of the collection. */
        collectionId: components["schemas"]["ResourceId"];
        /** @description Only comments posted by these users (IDs; repeat the parameter for several). */
        commentAuthors: components["schemas"]["ResourceId"][];
        /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
        commentFormat: "markdown" | "document";
        /** @description ID of the comment. */
        commentId: components["schemas"]["ResourceId"];
        /** @description ID of the reply. */
        commentReplyId: components["schemas"]["ResourceId"];
        /** @description Only comments with this status; `all` (the default) lists both. */
        commentStatusFilter: "all" | "open" | "resolved";
        /** @description Only comments on this page (its ID). */
        commentTargetPage: components["schemas"]["ResourceId"];
        /** @description Whether Git metadata may come from a cache; Quire's is never cached, so both read the same. */
        contentCachedMetadata: boolean;
        /** @description Whether to compute computed content; `false` skips it. */
        contentComputed: boolean;
        /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
        contentDereferenced: boolean | "reusable-contents";
        /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
        contentEvaluated: boolean | "deterministic-only";
        /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
        contentFormat: "markdown" | "document";
        /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
        contentMetadata: boolean;
        /** @description ID of a body in the space (a page's `documentId`). */
        documentId: components["schemas"]["ResourceId"];
        /** @description An email domain, such as `example.com`. */
        emailDomain: components["schemas"]["EmailDomain"];
        /** @description ID of the file. */
        fileId: components["schemas"]["ResourceId"];
        /** @description ID of the installation. */
        installationId: components["schemas"]["ResourceId"];
        /** @description Name of the integration. */
        integrationName: string;
        /** @description ID of the invite link. */
        inviteId: components["schemas"]["ResourceId"];
        /** @description Only links in this state. */
        linkStatusFilter: components["schemas"]["LinkStatus"];
        /** @description How many items a page holds. */
        listLimit: number;
        /** @description Sort direction. */
        listOrder: "asc" | "desc";
        /** @description The `next.page` token of the previous page. */
        listPage: string;
        /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
        markdownRefs: "relative" | "stable";
        /** @description Only members with this role; `guest` for members without one. */
        memberRoleFilter: "admin" | "create" | "review" | "edit" | "comment" | "read" | "guest";
        /** @description Only members whose display name or email contains this text, ignoring case. */
        memberSearch: string;
        /** @description Sort by when members joined (the default) or when they were last seen; sorting by `lastSeenAt` lists only members seen at least once. */
        memberSort: "joinedAt" | "lastSeenAt";
        /** @description ID of the OpenID Connect provider. */
        oidcProviderId: components["schemas"]["ResourceId"];
        /** @description ID of the OpenAPI spec version. */
        openapiSpecVersionId: components["schemas"]["ResourceId"];
        /** @description ID of the organization. */
        organizationId: components["schemas"]["ResourceId"];
        /** @description ID of the page. */
        pageId: components["schemas"]["ResourceId"];
        /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
        pagePath: string;
        /** @description Whether the PDF holds the page `page` names alone, without the pages under it; needs `page`. */
        pdfOnly: boolean;
        /** @description ID of a page: the PDF holds that page (hidden or not) and the pages under it that are not hidden, or with `only` that page alone. Without it, the PDF holds every page that is not hidden. */
        pdfPage: components["schemas"]["ResourceId"];
        /** @description Only answers that answered this well (repeat the parameter for several). */
        questionAnsweredFilter: components["schemas"]["SiteQuestionAnswerResolution"][];
        /** @description Only answers given through these channels (repeat the parameter for several). */
        questionChannelFilter: components["schemas"]["SiteChannelType"][];
        /** @description Only what was asked at or after this time. */
        questionRangeFrom: components["schemas"]["Timestamp"];
        /** @description Only what was asked before this time. */
        questionRangeTo: components["schemas"]["Timestamp"];
        /** @description Only answers of these relevances (repeat the parameter for several). */
        questionRelevanceFilter: components["schemas"]["SiteQuestionAnswerRelevance"][];
        /** @description ID of the reusable content. */
        reusableContentId: components["schemas"]["ResourceId"];
        /** @description ID of the change request review. */
        reviewId: components["schemas"]["ResourceId"];
        /** @description ID of the revision. */
        revisionId: components["schemas"]["ResourceId"];
        /** @description ID of the SAML provider. */
        samlProviderId: components["schemas"]["ResourceId"];
        /** @description The text to find. It is read as plain words, never as query syntax: quotes, operators and punctuation only separate words. Latin words match whole, the last one also as a prefix; Chinese, Japanese, Korean and other unsegmented scripts match any run of two or more characters. */
        searchQuery: string;
        /** @description The id of a session. */
        sessionId: string;
        /** @description Secret key of a share link, to read content shared through it. */
        shareKey: string;
        /** @description ID of the share link. */
        shareLinkId: components["schemas"]["ResourceId"];
        /** @description ID of the site. */
        siteId: components["schemas"]["ResourceId"];
        /** @description The id of one answer a site gave. */
        siteQuestionAnswerId: components["schemas"]["ResourceId"];
        /** @description The id of a question readers asked a site. */
        siteQuestionId: components["schemas"]["ResourceId"];
        /** @description ID of the site redirect. */
        siteRedirectId: components["schemas"]["ResourceId"];
        /** @description ID of the site section group. */
        siteSectionGroupId: components["schemas"]["ResourceId"];
        /** @description ID of the site section. */
        siteSectionId: components["schemas"]["ResourceId"];
        /** @description ID of the site space. */
        siteSpaceId: components["schemas"]["ResourceId"];
        /** @description ID of the space. */
        spaceId: components["schemas"]["ResourceId"];
        /** @description Slug of the OpenAPI spec. */
        specSlug: components["schemas"]["OpenAPISpecSlug"];
        /** @description ID of the team. */
        teamId: components["schemas"]["ResourceId"];
        /** @description Only teams this member (a user ID) may manage. */
        teamOwnerFilter: components["schemas"]["ResourceId"];
        /** @description Only teams whose title contains this text, ignoring case. */
        teamTitleFilter: string;
        /** @description The id of an API token. */
        tokenId: string;
        /** @description The unique id of the translation. */
        translationId: components["schemas"]["ResourceId"];
        /** @description ID of the user. */
        userId: components["schemas"]["ResourceId"];
        /** @description ID of the delivery. */
        webhookDeliveryId: components["schemas"]["ResourceId"];
        /** @description ID of the webhook. */
        webhookId: components["schemas"]["ResourceId"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiInformation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server's version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiInformation"];
                };
            };
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The session started. */
            200: {
                headers: {
                    /** @description The session's cookie. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    /** @description The session's cookie, expired. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCollectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the collection. */
                collectionId: components["parameters"]["collectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listContentTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentTemplateList"];
                };
            };
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationsForEmailDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An email domain, such as `example.com`. */
                emailDomain: components["parameters"]["emailDomain"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: components["schemas"]["Organization"][];
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Keeps the integrations with a block that unfurls URLs of this host. */
                blockDomain?: string;
                /** @description true keeps the integrations with blocks, false those without. */
                blocks?: boolean;
                /** @description Keeps the integrations listed in this category. */
                category?: components["schemas"]["IntegrationCategory"];
                /** @description true keeps the integrations with content sources, false those without. */
                contentSources?: boolean;
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Keeps the integrations published by this organization (its ID). */
                owner?: string;
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Keeps the integrations asking for this scope. */
                scope?: components["schemas"]["IntegrationScope"];
                /** @description Keeps the integrations whose name or title contains this text. */
                search?: string;
                /** @description Keeps the integrations with this target. */
                target?: components["schemas"]["IntegrationTarget"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of integrations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getIntegrationByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    publishIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishIntegration"];
            };
        };
        responses: {
            /** @description The published integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    unpublishIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unpublished, or there was no such integration. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listIntegrationInstallations: {
        parameters: {
            query?: {
                /** @description Keeps the installations with this external ID. */
                externalId?: string;
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    installIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the organization to install it on. */
                    organization: string;
                };
            };
        };
        responses: {
            /** @description The new installation. */
            201: {
                headers: {
                    /** @description API URL of the installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getIntegrationInstallationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    uninstallIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uninstalled, or there was no such installation. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateIntegrationInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    configuration?: components["schemas"]["IntegrationInstallationConfiguration"];
                    externalIds?: components["schemas"]["IntegrationInstallationExternalIds"];
                    site_selection?: components["schemas"]["IntegrationInstallationSelection"];
                    space_selection?: components["schemas"]["IntegrationInstallationSelection"];
                };
            };
        };
        responses: {
            /** @description The updated installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listIntegrationInstallationSites: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of site installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    installIntegrationOnSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the site. */
                    siteId: string;
                };
            };
        };
        responses: {
            /** @description The new site installation. */
            201: {
                headers: {
                    /** @description API URL of the site installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getIntegrationSiteInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    uninstallIntegrationFromSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uninstalled, or it was not installed there. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateIntegrationSiteInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntegrationContentInstallation"];
            };
        };
        responses: {
            /** @description The updated site installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSiteInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listIntegrationInstallationSpaces: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of space installations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    installIntegrationOnSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the space. */
                    space: string;
                };
            };
        };
        responses: {
            /** @description The new space installation. */
            201: {
                headers: {
                    /** @description API URL of the space installation. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getIntegrationSpaceInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    uninstallIntegrationFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uninstalled, or it was not installed there. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateIntegrationSpaceInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the installation. */
                installationId: components["parameters"]["installationId"];
                /** @description Name of the integration. */
                integrationName: components["parameters"]["integrationName"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntegrationContentInstallation"];
            };
        };
        responses: {
            /** @description The updated space installation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSpaceInstallation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOrganizationsForAuthenticatedUser: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of organizations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emailDomains?: components["schemas"]["OrganizationEmailDomains"];
                    title: components["schemas"]["OrganizationTitle"];
                    type?: components["schemas"]["OrganizationType"];
                    useCase?: components["schemas"]["OrganizationUseCase"];
                };
            };
        };
        responses: {
            /** @description The new organization. */
            201: {
                headers: {
                    /** @description API URL of the new organization. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ai?: boolean;
                    defaultContent?: components["schemas"]["OrganizationDefaultContent"];
                    defaultRole?: components["schemas"]["MemberRoleOrGuest"];
                    emailDomains?: components["schemas"]["OrganizationEmailDomains"];
                    /** @description The organization's hostname, or `null` to remove it. */
                    hostname?: components["schemas"]["OrganizationHostname"] | null;
                    inviteLinks?: boolean;
                    /** @description URL of the logo, or `null` to remove it. */
                    logo?: string | null;
                    mergeRules?: components["schemas"]["MergeRulesStandaloneConfiguration"];
                    sso?: boolean;
                    title?: components["schemas"]["OrganizationTitle"];
                };
            };
        };
        responses: {
            /** @description The updated organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    askInOrganization: {
        parameters: {
            query?: {
                /** @description Accepted for GitBook's clients; answers always carry their sources. */
                details?: components["parameters"]["askDetails"];
                /** @description How the answer's text comes back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["answerFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchAIQuery"];
            };
        };
        responses: {
            /** @description The answer, with its sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answer?: components["schemas"]["SearchAIAnswer"];
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
            502: components["responses"]["BadGatewayError"];
        };
    };
    getRecommendedQuestionsInOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The questions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchAIRecommendedQuestions"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    streamRecommendedQuestionsInOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The questions, one event each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SearchAIRecommendedQuestionStream"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    streamAskInOrganization: {
        parameters: {
            query: {
                /** @description Accepted for GitBook's clients; answers always carry their sources. */
                details?: components["parameters"]["askDetails"];
                /** @description How the answer's text comes back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["answerFormat"];
                /** @description The question. */
                query: string;
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer as it is written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SearchAIAnswerStream"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
            502: components["responses"]["BadGatewayError"];
        };
    };
    listOrganizationAuditEventActions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The actions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventActionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOrganizationAuditEvents: {
        parameters: {
            query?: {
                /** @description Only events of this action. */
                action?: components["schemas"]["AuditEventActionId"];
                /** @description Only events by this actor (a user id). */
                actor?: components["schemas"]["ResourceId"];
                /** @description Only events at or after this time. */
                from?: string;
                /** @description How many events a page holds. */
                limit?: number;
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only events about this target (a resource id). */
                target?: components["schemas"]["ResourceId"];
                /** @description Only events before this time. */
                to?: string;
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationAuditEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the audit event. */
                auditEventId: string;
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventDetail"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCollectionsInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    description?: components["schemas"]["CollectionDescription"];
                    /** @description ID of a parent collection. */
                    parent?: components["schemas"]["ResourceId"];
                    title?: components["schemas"]["CollectionTitle"];
                };
            };
        };
        responses: {
            /** @description The new collection. */
            201: {
                headers: {
                    /** @description API URL of the new collection. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    joinOrganizationWithInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller as a member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    signUpWithInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The name others see; the email's local part when absent. */
                    displayName?: string;
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The account, its membership and its session were made. */
            201: {
                headers: {
                    /** @description The session's cookie. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequestError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOrganizationInviteLinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invite links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteLinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrganizationInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description When the link stops working; never when absent. */
                    expiresAt?: components["schemas"]["Timestamp"];
                    role: components["schemas"]["MemberRoleOrGuest"];
                };
            };
        };
        responses: {
            /** @description The new invite link. */
            201: {
                headers: {
                    /** @description API URL of the invite link. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteLink"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationInviteLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteLink"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteOrganizationInviteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite link is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOrganizationInviteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the invite link. */
                inviteId: components["parameters"]["inviteId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiresAt?: components["schemas"]["Timestamp"] | null;
                    role?: components["schemas"]["MemberRoleOrGuest"];
                };
            };
        };
        responses: {
            /** @description The invite link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteLink"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listMembersInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only members with this role; `guest` for members without one. */
                role?: components["parameters"]["memberRoleFilter"];
                /** @description Only members whose display name or email contains this text, ignoring case. */
                search?: components["parameters"]["memberSearch"];
                /** @description Sort by when members joined (the default) or when they were last seen; sorting by `lastSeenAt` lists only members seen at least once. */
                sort?: components["parameters"]["memberSort"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getMemberInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeMemberFromOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is not a member. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateMemberInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role?: components["schemas"]["MemberRoleOrGuest"];
                };
            };
        };
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    revokeOrganizationMemberSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's sessions ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSpacesForOrganizationMember: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spaces and roles. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberSpaceList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    setUserAsSSOMemberForOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listTeamsForOrganizationMember: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only teams whose title contains this text, ignoring case. */
                title?: components["parameters"]["teamTitleFilter"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberTeamList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOIDCProvidersInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of OpenID Connect providers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OidcProviderList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrganizationOIDCProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OidcProviderFields"] & {
                    clientId: string;
                    issuer: string;
                    label: components["schemas"]["SamlProviderLabel"];
                };
            };
        };
        responses: {
            /** @description The new provider. */
            201: {
                headers: {
                    /** @description API URL of the new provider. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OidcProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationOIDCProviderById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the OpenID Connect provider. */
                oidcProviderId: components["parameters"]["oidcProviderId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OidcProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteOrganizationOIDCProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the OpenID Connect provider. */
                oidcProviderId: components["parameters"]["oidcProviderId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOrganizationOIDCProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the OpenID Connect provider. */
                oidcProviderId: components["parameters"]["oidcProviderId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OidcProviderFields"];
            };
        };
        responses: {
            /** @description The updated provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OidcProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOpenAPISpecs: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of OpenAPI specs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOpenAPISpec: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug: components["schemas"]["OpenAPISpecSlug"];
                    source: components["schemas"]["OpenAPISpecSource"];
                    visibility?: components["schemas"]["OpenAPISpecVisibility"];
                };
            };
        };
        responses: {
            /** @description The new spec, its processing queued. */
            201: {
                headers: {
                    /** @description API URL of the new spec. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spec. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrUpdateOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    source: components["schemas"]["OpenAPISpecSource"];
                };
            };
        };
        responses: {
            /** @description The updated spec, its processing queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            /** @description The new spec, its processing queued. */
            201: {
                headers: {
                    /** @description API URL of the new spec. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such spec. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOpenAPISpecBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    visibility: components["schemas"]["OpenAPISpecVisibility"];
                };
            };
        };
        responses: {
            /** @description The updated spec. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpec"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listOpenAPISpecVersions: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOpenAPISpecVersionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersion"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOpenAPISpecVersionChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the version changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersionChanges"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOpenAPISpecVersionContentById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
                /** @description ID of the OpenAPI spec version. */
                versionId: components["parameters"]["openapiSpecVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The parsed files of the version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecContent"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getLatestOpenAPISpecVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecVersion"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getLatestOpenAPISpecVersionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description Slug of the OpenAPI spec. */
                specSlug: components["parameters"]["specSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The parsed files of the version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAPISpecContent"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOrganizationMemberLastSeenAt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The visitor claims. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PingResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSAMLProvidersInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of SAML providers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SamlProviderList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SamlProviderFields"] & {
                    label: components["schemas"]["SamlProviderLabel"];
                };
            };
        };
        responses: {
            /** @description The new provider. */
            201: {
                headers: {
                    /** @description API URL of the new provider. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SamlProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getOrganizationSAMLProviderById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the SAML provider. */
                samlProviderId: components["parameters"]["samlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SamlProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the SAML provider. */
                samlProviderId: components["parameters"]["samlProviderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateOrganizationSAMLProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the SAML provider. */
                samlProviderId: components["parameters"]["samlProviderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SamlProviderFields"];
            };
        };
        responses: {
            /** @description The updated provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SamlProvider"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    searchOrganizationContent: {
        parameters: {
            query: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description The text to find. It is read as plain words, never as query syntax: quotes, operators and punctuation only separate words. Latin words match whole, the last one also as a prefix; Chinese, Japanese, Korean and other unsegmented scripts match any run of two or more characters. */
                query: components["parameters"]["searchQuery"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spaces with matching pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchSpaceResultList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSites: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only published (`true`) or unpublished (`false`) sites. */
                published?: boolean;
                /** @description Only sites publishing this space. */
                space?: components["schemas"]["ResourceId"];
                /** @description Only sites whose title contains this text, ignoring case. */
                title?: string;
                /** @description Only sites of these types (repeat the parameter for several). */
                type?: ("basic" | "premium" | "ultimate" | "sponsored" | "legacy-basic" | "legacy-premium")[];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    spaces?: components["schemas"]["ResourceId"][] | ("sample" | "empty");
                    title?: components["schemas"]["SiteTitle"];
                    type?: components["schemas"]["SiteType"];
                    visibility?: components["schemas"]["SiteVisibility"];
                };
            };
        };
        responses: {
            /** @description The new site. */
            201: {
                headers: {
                    /** @description API URL of the new site. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such site. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    adaptiveContent?: {
                        enabled: boolean;
                    };
                    agentsContext?: components["schemas"]["SiteAgentsContext"];
                    basename?: string | null;
                    defaultSiteSection?: components["schemas"]["ResourceId"];
                    defaultSiteSpace?: components["schemas"]["ResourceId"];
                    /** @description Host and path the site is served at through a proxy (`docs.example.com/help`). */
                    proxy?: string | null;
                    title?: components["schemas"]["SiteTitle"];
                    visibility?: components["schemas"]["SiteVisibility"];
                };
            };
        };
        responses: {
            /** @description The updated site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteAdaptiveSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteAdaptiveSchema"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteAdaptiveSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    jsonSchema: components["schemas"]["SiteAdaptiveJsonSchema"];
                };
            };
        };
        responses: {
            /** @description The stored schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteAdaptiveSchema"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteAdaptiveTemplateConditions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conditions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteTemplateConditions"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    submitAgentFeedbackToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentFeedbackInput"];
            };
        };
        responses: {
            /** @description The feedback was recorded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description What the agent is told happens next. */
                        result: string;
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteQuestionAnswers: {
        parameters: {
            query?: {
                /** @description Only answers that answered this well (repeat the parameter for several). */
                answered?: components["parameters"]["questionAnsweredFilter"];
                /** @description Only answers given through these channels (repeat the parameter for several). */
                channelType?: components["parameters"]["questionChannelFilter"];
                /** @description Only what was asked at or after this time. */
                from?: components["parameters"]["questionRangeFrom"];
                /** @description Only answers readers found this helpful. */
                helpfulness?: components["schemas"]["SiteQuestionAnswerHelpfulness"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only the answers to this question (its id). */
                question?: string;
                /** @description Only answers to questions of this kind. */
                "question.type"?: components["schemas"]["SiteQuestionType"];
                /** @description Only answers of these relevances (repeat the parameter for several). */
                relevance?: components["parameters"]["questionRelevanceFilter"];
                /** @description Only the answers of this conversation. */
                thread?: string;
                /** @description Only what was asked before this time. */
                to?: components["parameters"]["questionRangeTo"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionAnswerList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteQuestionAnswerById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionAnswerWithResponse"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteQuestionAnswerSources: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionAnswerSourceList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteQuestionAnswerThreadById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of one answer a site gave. */
                siteQuestionAnswerId: components["parameters"]["siteQuestionAnswerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread's answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionAnswerWithResponse"][];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    streamAskInSite: {
        parameters: {
            query?: {
                /** @description How the answer's text comes back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["answerFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    context?: {
                        goal?: string;
                        siteSpaceId?: string;
                    };
                    question: string;
                    scope: components["schemas"]["SiteSearchScope"];
                    session?: components["schemas"]["SiteInsightsSession"];
                    /** @description The conversation this question continues. */
                    thread?: {
                        /** @description The id of the answer it follows. */
                        previous: string;
                    };
                };
            };
        };
        responses: {
            /** @description The answer as it is written. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SearchAIAnswerStream"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
            502: components["responses"]["BadGatewayError"];
        };
    };
    streamRecommendedQuestionsInSite: {
        parameters: {
            query?: {
                /** @description Suggest from this site space's pages only. */
                siteSpaceId?: string;
                /**
                 * @deprecated
                 * @description Suggest from this space's pages only.
                 */
                spaceId?: string;
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The questions, one event each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SearchAIRecommendedQuestionStream"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteCustomizationSettings"];
            };
        };
        responses: {
            /** @description The customization as it now applies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    trackEventsInSiteById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: components["schemas"]["SiteInsightsEvent"][];
                };
            };
        };
        responses: {
            /** @description The events are recorded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    aggregateSiteEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    groupBy?: components["schemas"]["SiteInsightsQueryEventsColumn"][];
                    /** @default 1000 */
                    limit?: number;
                    order?: {
                        by: components["schemas"]["SiteInsightsQueryEventsColumn"];
                        /** @enum {string} */
                        direction: "asc" | "desc";
                    };
                    range: ("lastYear" | "last3Months" | "last30Days" | "last7Days" | "last24Hours") | {
                        from: components["schemas"]["Timestamp"];
                        to: components["schemas"]["Timestamp"];
                    };
                    select?: components["schemas"]["SiteInsightsQueryEventsColumn"][];
                    where?: (components["schemas"]["SiteInsightsQueryEventsColumn"] & {
                        /**
                         * @default in
                         * @enum {string}
                         */
                        operator?: "in" | "notIn" | "greaterThan" | "greaterThanOrEqual" | "lessThan" | "lessThanOrEqual";
                        values: unknown[];
                    })[];
                };
            };
        };
        responses: {
            /** @description Each selected column's values, one per group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        columns: {
                            column: string;
                            values: unknown[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    publishSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPublishedContentSite: {
        parameters: {
            query?: {
                /** @description Secret key of a share link, to read content shared through it. */
                shareKey?: components["parameters"]["shareKey"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedContentSite"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site's publishing authentication. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SitePublishingAuthUpdate"];
            };
        };
        responses: {
            /** @description The updated publishing authentication. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    regenerateSitePublishingAuthById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The publishing authentication with its new key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePublishingAuth"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteQuestionStats: {
        parameters: {
            query?: {
                /** @description Only answers that answered this well (repeat the parameter for several). */
                answered?: components["parameters"]["questionAnsweredFilter"];
                /** @description Only answers given through these channels (repeat the parameter for several). */
                channelType?: components["parameters"]["questionChannelFilter"];
                /** @description Only what was asked at or after this time. */
                from?: components["parameters"]["questionRangeFrom"];
                /** @description Only answers of these relevances (repeat the parameter for several). */
                relevance?: components["parameters"]["questionRelevanceFilter"];
                /** @description Only what was asked before this time. */
                to?: components["parameters"]["questionRangeTo"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionStats"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteQuestions: {
        parameters: {
            query?: {
                /** @description Only answers that answered this well (repeat the parameter for several). */
                answered?: components["parameters"]["questionAnsweredFilter"];
                /** @description Only answers given through these channels (repeat the parameter for several). */
                channelType?: components["parameters"]["questionChannelFilter"];
                /** @description Only what was asked at or after this time. */
                from?: components["parameters"]["questionRangeFrom"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only answers of these relevances (repeat the parameter for several). */
                relevance?: components["parameters"]["questionRelevanceFilter"];
                /** @description What the list is sorted by. */
                sort?: "askedAt" | "stats.answered" | "stats.feedback" | "stats.answers";
                /** @description Only what was asked before this time. */
                to?: components["parameters"]["questionRangeTo"];
                /** @description Only questions of this kind. */
                type?: components["schemas"]["SiteQuestionType"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of questions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteQuestionById: {
        parameters: {
            query?: {
                /** @description Only answers that answered this well (repeat the parameter for several). */
                answered?: components["parameters"]["questionAnsweredFilter"];
                /** @description Only answers given through these channels (repeat the parameter for several). */
                channelType?: components["parameters"]["questionChannelFilter"];
                /** @description Only what was asked at or after this time. */
                from?: components["parameters"]["questionRangeFrom"];
                /** @description Only answers of these relevances (repeat the parameter for several). */
                relevance?: components["parameters"]["questionRelevanceFilter"];
                /** @description Only what was asked before this time. */
                to?: components["parameters"]["questionRangeTo"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of a question readers asked a site. */
                siteQuestionId: components["parameters"]["siteQuestionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestion"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteQuestionSources: {
        parameters: {
            query?: {
                /** @description Only answers that answered this well (repeat the parameter for several). */
                answered?: components["parameters"]["questionAnsweredFilter"];
                /** @description Only answers given through these channels (repeat the parameter for several). */
                channelType?: components["parameters"]["questionChannelFilter"];
                /** @description Only what was asked at or after this time. */
                from?: components["parameters"]["questionRangeFrom"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only answers of these relevances (repeat the parameter for several). */
                relevance?: components["parameters"]["questionRelevanceFilter"];
                /** @description Only what was asked before this time. */
                to?: components["parameters"]["questionRangeTo"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description The id of a question readers asked a site. */
                siteQuestionId: components["parameters"]["siteQuestionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteQuestionAnswerSourceList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteRedirectBySource: {
        parameters: {
            query: {
                /** @description Secret key of a share link, to read content shared through it. */
                shareKey?: components["parameters"]["shareKey"];
                /** @description The path of the site, relative to its root. */
                source: components["schemas"]["SiteRedirectSourcePath"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redirect and where it sends readers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redirect: components["schemas"]["SiteRedirect"];
                        /**
                         * Format: uri
                         * @description The URL the redirect sends readers to.
                         */
                        target: string;
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteRedirects: {
        parameters: {
            query?: {
                /** @description Lists the drafts instead of the live redirects. */
                draft?: boolean;
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The order of the list. */
                orderBy?: components["schemas"]["SiteRedirectOrderBy"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Keeps the redirects whose source path contains this text. */
                search?: string;
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of redirects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRedirectList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    bulkUpsertSiteRedirects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    redirects: ({
                        /** @enum {string} */
                        intent: "publish";
                        source: components["schemas"]["SiteRedirectSourcePath"];
                    } | {
                        /** @description `false` when absent. */
                        captureWildcard?: boolean;
                        /** @description `null` deletes the redirect of this source and intent. */
                        destination: components["schemas"]["SiteRedirectInputDestination"] | null;
                        /**
                         * @description `live` when absent.
                         * @enum {string}
                         */
                        intent?: "live" | "draft";
                        permanent?: boolean;
                        source: components["schemas"]["SiteRedirectSourcePath"];
                    })[];
                };
            };
        };
        responses: {
            /** @description What became of each redirect, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: components["schemas"]["SiteRedirectBulkResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createSiteRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Appends the part of the path the wildcard matched to the destination.
                     * @default false
                     */
                    captureWildcard?: boolean;
                    destination: components["schemas"]["SiteRedirectInputDestination"];
                    /**
                     * @description A draft is not live.
                     * @default false
                     */
                    draft?: boolean;
                    /**
                     * @description Readers are sent with 308 when true, else 307.
                     * @default false
                     */
                    permanent?: boolean;
                    source: components["schemas"]["SiteRedirectSourcePath"];
                };
            };
        };
        responses: {
            /** @description The new redirect. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRedirect"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteRedirectById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site redirect. */
                siteRedirectId: components["parameters"]["siteRedirectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such redirect. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteRedirectById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site redirect. */
                siteRedirectId: components["parameters"]["siteRedirectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    captureWildcard?: boolean;
                    destination?: components["schemas"]["SiteRedirectDestination"];
                    draft?: boolean;
                    permanent?: boolean;
                    source?: components["schemas"]["SiteRedirectSourcePath"];
                };
            };
        };
        responses: {
            /** @description The updated redirect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteRedirect"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    searchSiteContent: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @deprecated
                     * @description GitBook's older form of `scope`, read when `scope` is not given: `all`, `current` (only `siteSpaceId`) or `specific` (only `siteSpaceIds`).
                     * @enum {string}
                     */
                    mode?: "all" | "current" | "specific";
                    query: string;
                    scope?: components["schemas"]["SiteSearchScope"];
                    /**
                     * @deprecated
                     * @description The site space `mode=current` searches.
                     */
                    siteSpaceId?: string;
                    /**
                     * @deprecated
                     * @description The site spaces `mode=specific` searches.
                     */
                    siteSpaceIds?: string[];
                };
            };
        };
        responses: {
            /** @description A page of spaces with matching pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchSpaceResultList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteSectionGroups: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of section groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroupList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    addSectionGroupToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    icon?: components["schemas"]["SiteIconName"];
                    sections?: components["schemas"]["ResourceId"][];
                    title: components["schemas"]["SiteSectionGroupTitle"];
                };
            };
        };
        responses: {
            /** @description The new section group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteSectionGroupById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteSectionGroupById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    icon?: components["schemas"]["SiteIconName"] | null;
                    title?: components["schemas"]["SiteSectionGroupTitle"];
                };
            };
        };
        responses: {
            /** @description The updated section group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    moveSiteSectionGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    position: {
                        after?: components["schemas"]["SiteTopLevelPointer"];
                        before?: components["schemas"]["SiteTopLevelPointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The moved section group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    addSiteSectionToGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sectionId: components["schemas"]["ResourceId"];
                };
            };
        };
        responses: {
            /** @description The section group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionGroup"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeSiteSectionFromGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section group. */
                siteSectionGroupId: components["parameters"]["siteSectionGroupId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed, or it was not in the group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteSections: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Secret key of a share link, to read content shared through it. */
                shareKey?: components["parameters"]["shareKey"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSectionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    addSectionToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    icon?: components["schemas"]["SiteIconName"];
                    spaceId: components["schemas"]["ResourceId"];
                    title: components["schemas"]["SiteTitle"];
                };
            };
        };
        responses: {
            /** @description The new section. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteSectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such section. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteSectionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    condition?: components["schemas"]["SiteCondition"] | null;
                    defaultSiteSpace?: components["schemas"]["ResourceId"];
                    description?: string | null;
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    icon?: components["schemas"]["SiteIconName"] | null;
                    path?: components["schemas"]["SitePath"];
                    title?: components["schemas"]["SiteTitle"];
                };
            };
        };
        responses: {
            /** @description The updated section. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    moveSiteSection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site section. */
                siteSectionId: components["parameters"]["siteSectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    position: {
                        after?: components["schemas"]["SiteSectionPointer"];
                        before?: components["schemas"]["SiteSectionPointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The moved section. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteShareLinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of share links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createSiteShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    expiresAt?: string;
                    name: components["schemas"]["ShareLinkName"];
                };
            };
        };
        responses: {
            /** @description The new share link. */
            201: {
                headers: {
                    /** @description API URL of the new share link. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLink"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteShareLinkById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the share link. */
                shareLinkId: components["parameters"]["shareLinkId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such link. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteShareLinkById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the share link. */
                shareLinkId: components["parameters"]["shareLinkId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    /** Format: date-time */
                    expiresAt?: string | null;
                    name?: components["schemas"]["ShareLinkName"];
                };
            };
        };
        responses: {
            /** @description The updated share link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLink"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSiteSpaces: {
        parameters: {
            query?: {
                /** @description Only default site spaces (`true`) or only the others (`false`). */
                default?: boolean;
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Secret key of a share link, to read content shared through it. */
                shareKey?: components["parameters"]["shareKey"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of site spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpaceList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    addSpaceToSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    sectionId?: components["schemas"]["ResourceId"];
                    spaceId: components["schemas"]["ResourceId"];
                };
            };
        };
        responses: {
            /** @description The new site space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSiteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such site space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    condition?: components["schemas"]["SiteCondition"] | null;
                    /** @description Whether it is a draft, kept out of the published site (default `false`). */
                    draft?: boolean;
                    path?: components["schemas"]["SitePath"];
                    spaceId?: components["schemas"]["ResourceId"];
                };
            };
        };
        responses: {
            /** @description The updated site space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSiteSpaceCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSiteSpaceCustomizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteCustomizationSettings"];
            };
        };
        responses: {
            /** @description The customization as it now applies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteCustomization"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    moveSiteSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
                /** @description ID of the site space. */
                siteSpaceId: components["parameters"]["siteSpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    position: {
                        after?: components["schemas"]["SiteSpacePointer"];
                        before?: components["schemas"]["SiteSpacePointer"];
                    };
                };
            };
        };
        responses: {
            /** @description The moved site space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteSpace"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    unpublishSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the site. */
                siteId: components["parameters"]["siteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSpacesInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    editMode?: components["schemas"]["SpaceEditMode"];
                    emoji?: components["schemas"]["Emoji"];
                    /** @description ID of the parent collection. */
                    parent?: components["schemas"]["ResourceId"];
                    title?: components["schemas"]["SpaceTitle"];
                };
            };
        };
        responses: {
            /** @description The new space. */
            201: {
                headers: {
                    /** @description API URL of the new space. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSSOProviderLoginsInOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoProviderList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listTeamsInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Only teams this member (a user ID) may manage. */
                owner?: components["parameters"]["teamOwnerFilter"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only teams whose title contains this text, ignoring case. */
                title?: components["parameters"]["teamTitleFilter"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createOrganizationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    members?: components["schemas"]["ResourceId"][];
                    title: components["schemas"]["TeamTitle"];
                };
            };
        };
        responses: {
            /** @description The new team. */
            201: {
                headers: {
                    /** @description API URL of the new team. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getTeamInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeTeamFromOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateTeamInOrganizationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: components["schemas"]["TeamTitle"];
                };
            };
        };
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listTeamMembersInOrganizationById: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of team members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMemberList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateMembersInOrganizationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamMembersUpdate"];
            };
        };
        responses: {
            /** @description The team members are updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    addMemberToOrganizationTeamById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    role?: components["schemas"]["TeamMemberRole"];
                };
            };
        };
        responses: {
            /** @description The user is in the team with that role. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteMemberFromOrganizationTeamById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is not in the team. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listTranslations: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of translations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranslationList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instructions?: components["schemas"]["JsonDocument"];
                    language: components["schemas"]["TranslationLanguage"];
                    source: components["schemas"]["TranslationSource"];
                };
            };
        };
        responses: {
            /** @description Translation has been created. */
            201: {
                headers: {
                    /** @description URL of the new translation in the API. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The translation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            /** @description No matching translation found. */
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instructions: components["schemas"]["JsonDocument"];
                };
            };
        };
        responses: {
            /** @description Translation has been updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Translation"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Translation did not exist. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Translation has been deleted. */
            205: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    runTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description The unique id of the translation. */
                translationId: components["parameters"]["translationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Translation run triggered. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            /** @description No matching translation found. */
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether to send events from now on; true unless given. */
                    active?: boolean;
                    description?: components["schemas"]["WebhookDescription"];
                    events: components["schemas"]["WebhookEventFilter"];
                    url: components["schemas"]["WebhookUrl"];
                };
            };
        };
        responses: {
            /** @description The new webhook, with its secret. */
            201: {
                headers: {
                    /** @description API URL of the new webhook. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: components["schemas"]["WebhookDescription"];
                    events?: components["schemas"]["WebhookEventFilter"];
                    url?: components["schemas"]["WebhookUrl"];
                };
            };
        };
        responses: {
            /** @description The updated webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only deliveries in this status. */
                status?: components["schemas"]["WebhookDeliveryStatus"];
            };
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the delivery. */
                deliveryId: components["parameters"]["webhookDeliveryId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the delivery. */
                deliveryId: components["parameters"]["webhookDeliveryId"];
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, queued. */
            201: {
                headers: {
                    /** @description API URL of the new delivery. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    pingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery of the test event, queued. */
            201: {
                headers: {
                    /** @description API URL of the delivery. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the organization. */
                organizationId: components["parameters"]["organizationId"];
                /** @description ID of the webhook. */
                webhookId: components["parameters"]["webhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook, with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSpaceById: {
        parameters: {
            query?: {
                /** @description Secret key of a share link, to read content shared through it. */
                shareKey?: components["parameters"]["shareKey"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateSpaceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    defaultLevel?: components["schemas"]["MemberRoleOrGuest"];
                    editMode?: components["schemas"]["SpaceEditMode"];
                    emoji?: components["schemas"]["Emoji"];
                    mergeRules?: components["schemas"]["MergeRulesSpaceConfiguration"];
                    title?: components["schemas"]["SpaceTitle"];
                };
            };
        };
        responses: {
            /** @description The updated space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listChangeRequestsForSpace: {
        parameters: {
            query?: {
                /** @description Only change requests this user contributed to (here, that they created). */
                contributor?: components["schemas"]["ResourceId"];
                /** @description Only change requests created by this user. */
                creator?: components["schemas"]["ResourceId"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description What orders the list, newest first. */
                orderBy?: "updatedAt" | "createdAt";
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only change requests this user is asked to review and has not reviewed since. */
                requestedReviewer?: components["schemas"]["ResourceId"];
                /** @description Only change requests with this status. */
                status?: components["schemas"]["ChangeRequestStatus"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of change requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    subject?: components["schemas"]["ChangeRequestSubject"];
                };
            };
        };
        responses: {
            /** @description The new change request. */
            201: {
                headers: {
                    /** @description API URL of the new change request. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getChangeRequestById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateChangeRequestById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the change request is for, as a JSON document; `null` removes it. */
                    description?: components["schemas"]["JsonDocument"] | null;
                    /** @enum {string} */
                    status?: "draft" | "open" | "archived";
                    subject?: components["schemas"]["ChangeRequestSubject"];
                };
            };
        };
        responses: {
            /** @description The updated change request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getChangeRequestChanges: {
        parameters: {
            query?: {
                /** @description Most changes to list. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticChanges"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentersInChangeRequest: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentsInChangeRequest: {
        parameters: {
            query?: {
                /** @description Only comments posted by these users (IDs; repeat the parameter for several). */
                authors?: components["parameters"]["commentAuthors"];
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only comments with this status; `all` (the default) lists both. */
                status?: components["parameters"]["commentStatusFilter"];
                /** @description Only comments on this page (its ID). */
                targetPage?: components["parameters"]["commentTargetPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of comments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    postCommentInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentInput"];
            };
        };
        responses: {
            /** @description The new comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCommentInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateCommentInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentUpdateInput"];
            };
        };
        responses: {
            /** @description The updated comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteCommentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such comment. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentRepliesInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: "asc" | "desc";
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of replies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReplyList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    postCommentReplyInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyInput"];
            };
        };
        responses: {
            /** @description The new reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCommentReplyInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateCommentReplyInChangeRequest: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyUpdateInput"];
            };
        };
        responses: {
            /** @description The updated reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteCommentReplyInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such reply. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getRevisionOfChangeRequestById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateChangeRequestContent: {
        parameters: {
            query?: {
                /** @description `true` (the default): answer the change request, as GitBook's older clients expect. `false`: answer the change request, one entry per page the batch affected and the files it inserted. */
                compat?: boolean;
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    changes: components["schemas"]["ContentChange"][];
                };
            };
        };
        responses: {
            /** @description The change request; with `compat=false`, also what the batch did. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequest"] | components["schemas"]["ContentChangesResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listFilesInChangeRequestById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFileList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getFileInChangeRequestById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listFileBacklinksInChangeRequest: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of linking pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    importContentInChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentRequest"];
            };
        };
        responses: {
            /** @description The import is done; `Location` is the new revision. */
            201: {
                headers: {
                    /** @description API URL of the revision with the imported content. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageInChangeRequestById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPageBacklinksInChangeRequest: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of linking pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPageLinksInChangeRequest: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only links in this state. */
                status?: components["parameters"]["linkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links, with stats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentLinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listChangeRequestPageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links; `{}` when it has none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPageMetaLinks"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPagesInChangeRequest: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The top-level pages, each with its children. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPages"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageInChangeRequestByPath: {
        parameters: {
            query?: {
                /** @description Whether Git metadata may come from a cache; Quire's is never cached, so both read the same. */
                cachedMetadata?: components["parameters"]["contentCachedMetadata"];
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getReusableContentInChangeRequestById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getChangeRequestDiff: {
        parameters: {
            query?: {
                /** @description Lines of unchanged Markdown shown around each change. */
                context?: number;
                /** @description Only this page (its ID); a page the change request did not change gives no items. */
                pageId?: components["schemas"]["ResourceId"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pages' diffs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestDiff"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    mergeChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new revision of the space, or the conflicts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MergeResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getChangeRequestPDF: {
        parameters: {
            query?: {
                /** @description Whether the PDF holds the page `page` names alone, without the pages under it; needs `page`. */
                only?: components["parameters"]["pdfOnly"];
                /** @description ID of a page: the PDF holds that page (hidden or not) and the pages under it that are not hidden, or with `only` that page alone. Without it, the PDF holds every page that is not hidden. */
                page?: components["parameters"]["pdfPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to download the PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PdfExport"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getRequestedReviewersByChangeRequestId: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of requested reviewers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestRequestedReviewerList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    requestReviewersForChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: components["schemas"]["JsonDocument"];
                    subject?: components["schemas"]["ChangeRequestSubject"];
                    /** @description IDs of the users asked. */
                    users: components["schemas"]["ResourceId"][];
                };
            };
        };
        responses: {
            /** @description The requests made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["ChangeRequestRequestedReviewer"][];
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeRequestedReviewerFromChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is no longer asked to review. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getReviewsByChangeRequestId: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Only outdated reviews (`true`) or only current ones (`false`). */
                outdated?: boolean;
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestReviewList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    submitChangeRequestReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The comment: `{markdown}` or `{document}` as for comments, or a JSON document itself, as GitBook's clients send it. */
                    comment?: components["schemas"]["CommentBodyInput"] | components["schemas"]["JsonDocument"];
                    status: components["schemas"]["ChangeRequestReviewStatus"];
                };
            };
        };
        responses: {
            /** @description The review. */
            201: {
                headers: {
                    /** @description URL of the review in the API. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestReview"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getChangeRequestReviewById: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the change request review. */
                reviewId: components["parameters"]["reviewId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeRequestReview"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the change request, or its number in the space. */
                changeRequestId: components["parameters"]["changeRequestId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Which side a conflicting page field keeps, as a conflict names it (`page`, `field`; one of a page's variables is `variables.<name>`): the change request's value, or the space's. */
                    resolutions?: {
                        field: string;
                        /** @enum {string} */
                        keep: "change-request" | "space";
                        page: components["schemas"]["ResourceId"];
                    }[];
                };
            };
        };
        responses: {
            /** @description The new revision of the change request, or the conflicts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MergeResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentersInSpace: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentsInSpace: {
        parameters: {
            query?: {
                /** @description Only comments posted by these users (IDs; repeat the parameter for several). */
                authors?: components["parameters"]["commentAuthors"];
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: components["parameters"]["listOrder"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only comments with this status; `all` (the default) lists both. */
                status?: components["parameters"]["commentStatusFilter"];
                /** @description Only comments on this page (its ID). */
                targetPage?: components["parameters"]["commentTargetPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of comments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    postCommentInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentInput"];
            };
        };
        responses: {
            /** @description The new comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCommentInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateCommentInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentUpdateInput"];
            };
        };
        responses: {
            /** @description The updated comment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteCommentInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such comment. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listCommentRepliesInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Sort direction. */
                order?: "asc" | "desc";
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of replies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReplyList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    postCommentReplyInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyInput"];
            };
        };
        responses: {
            /** @description The new reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCommentReplyInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateCommentReplyInSpace: {
        parameters: {
            query?: {
                /** @description How comment and reply bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["commentFormat"];
            };
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyUpdateInput"];
            };
        };
        responses: {
            /** @description The updated reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteCommentReplyInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the comment. */
                commentId: components["parameters"]["commentId"];
                /** @description ID of the reply. */
                commentReplyId: components["parameters"]["commentReplyId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or there was no such reply. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getCurrentRevision: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getComputedDocument: {
        parameters: {
            query?: {
                /** @description The document schema version asked for; Quire answers its one version to both. */
                schema?: "current" | "next";
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Seed the keys of the document's blocks are made from. */
                    seed: string;
                    source: components["schemas"]["ComputedContentSourceDocument"];
                };
            };
        };
        responses: {
            /** @description The computed document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonDocument"] & {
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
            502: components["responses"]["BadGatewayError"];
        };
    };
    listFiles: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFileList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getFileById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listFileBacklinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of linking pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    importContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentRequest"];
            };
        };
        responses: {
            /** @description The import is done; `Location` is the new revision. */
            201: {
                headers: {
                    /** @description API URL of the revision with the imported content. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPageBacklinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of linking pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    importContentInPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportContentRequest"];
            };
        };
        responses: {
            /** @description The import is done; `Location` is the new revision. */
            201: {
                headers: {
                    /** @description API URL of the revision with the imported content. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPageLinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only links in this state. */
                status?: components["parameters"]["linkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links, with stats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentLinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSpacePageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links; `{}` when it has none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPageMetaLinks"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPages: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The top-level pages, each with its children. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPages"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageByPath: {
        parameters: {
            query?: {
                /** @description Whether Git metadata may come from a cache; Quire's is never cached, so both read the same. */
                cachedMetadata?: components["parameters"]["contentCachedMetadata"];
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getReusableContentById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    applyTemplateToSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the template. */
                    id: string;
                };
            };
        };
        responses: {
            /** @description The template is applied. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getDocumentById: {
        parameters: {
            query?: {
                /** @description The document schema version asked for; Quire answers its one version to both. */
                schema?: "current" | "next";
            };
            header?: never;
            path: {
                /** @description ID of a body in the space (a page's `documentId`). */
                documentId: components["parameters"]["documentId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonDocument"] & {
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    duplicateSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The copy. */
            201: {
                headers: {
                    /** @description API URL of the copy. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getEmbedByUrlInSpace: {
        parameters: {
            query: {
                /** @description The URL to preview. */
                url: string;
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Embed"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSpaceGitConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space's connection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitConnection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    setSpaceGitConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GitConnectionInput"];
            };
        };
        responses: {
            /** @description The space's connection; its first sync is queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitConnection"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    deleteSpaceGitConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space is no longer connected. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    exportToGitRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportToGitRepository"];
            };
        };
        responses: {
            /** @description The export is queued. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    importGitRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportGitRepository"];
            };
        };
        responses: {
            /** @description The import is queued. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSpaceGitInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space's Git sync. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GitSyncState"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listSpaceLinks: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description Only links in this state. */
                status?: components["parameters"]["linkStatusFilter"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links, with stats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentLinkList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    moveSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the parent collection, or `null` for the top level. */
                    parent?: string | null;
                    position?: components["schemas"]["ContentPosition"];
                };
            };
        };
        responses: {
            /** @description The moved space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getSpacePDF: {
        parameters: {
            query?: {
                /** @description Whether the PDF holds the page `page` names alone, without the pages under it; needs `page`. */
                only?: components["parameters"]["pdfOnly"];
                /** @description ID of a page: the PDF holds that page (hidden or not) and the pages under it that are not hidden, or with `only` that page alone. Without it, the PDF holds every page that is not hidden. */
                page?: components["parameters"]["pdfPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to download the PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PdfExport"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    inviteToSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["MemberRole"];
                    teams?: components["schemas"]["ResourceId"][];
                    users?: components["schemas"]["ResourceId"][];
                };
            };
        };
        responses: {
            /** @description The roles are granted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPermissionsAggregateInSpace: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users with access. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAccessList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listTeamPermissionsInSpace: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of team grants. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceTeamPermissionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeTeamFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team has no grant on the space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateTeamPermissionInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the team. */
                teamId: components["parameters"]["teamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["MemberRole"];
                };
            };
        };
        responses: {
            /** @description The role is set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listUserPermissionsInSpace: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of user grants. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceUserPermissionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    removeUserFromSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user has no grant on the space. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    updateUserPermissionInSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["MemberRole"];
                };
            };
        };
        responses: {
            /** @description The role is set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    restoreSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            409: components["responses"]["ConflictError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getRevisionSemanticChanges: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Most changes to list. */
                limit?: number;
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticChanges"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listFilesInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFileList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getFileInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the file. */
                fileId: components["parameters"]["fileId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionFile"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageDocumentInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
            };
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonDocument"] & {
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listRevisionPageMetaLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the page. */
                pageId: components["parameters"]["pageId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's meta links; `{}` when it has none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPageMetaLinks"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listPagesInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The top-level pages, each with its children. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPages"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getPageInRevisionByPath: {
        parameters: {
            query?: {
                /** @description Whether Git metadata may come from a cache; Quire's is never cached, so both read the same. */
                cachedMetadata?: components["parameters"]["contentCachedMetadata"];
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
                /** @description How page bodies come back, as Markdown (default) or as a JSON document. */
                format?: components["parameters"]["contentFormat"];
                /** @description How Markdown bodies write links to other pages (ignored unless `format=markdown`): `relative` as stored, from the page itself (`../api/auth.md`); `stable` by the target page's id, as GitBook does (`/pages/{pageId}#anchor`), which reads the same wherever the Markdown is moved. A link to no page of the revision is then written as an absolute path (`/api/missing.md`). */
                "format.markdown.refs"?: components["parameters"]["markdownRefs"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description Path of the page in the revision, its slugs from the top joined by `/` (`guides/install`); the slashes may be sent as they are. */
                pagePath: components["parameters"]["pagePath"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionPage"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getReusableContentInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to compute computed content; `false` skips it. */
                computed?: components["parameters"]["contentComputed"];
                /** @description Whether to include mutable metadata (Git information); `false` leaves it out. */
                metadata?: components["parameters"]["contentMetadata"];
            };
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionReusableContent"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getReusableContentDocumentInRevisionById: {
        parameters: {
            query?: {
                /** @description Whether to expand references to other content in the body: `true` or `reusable-contents` puts the blocks of each reusable content in place of the `reusable-content` block that includes it (in a Markdown body, in place of its `{% include %}` tag). */
                dereferenced?: components["parameters"]["contentDereferenced"];
                /** @description Whether to evaluate the body for its reader: `true` leaves out conditional blocks whose condition is false. `deterministic-only` evaluates only what depends on nothing but the content itself; a visitor's conditions depend on the visitor, so for an API token the body is answered as stored. An API token reads as a visitor without claims; a site's reader token always reads evaluated, with its visitor's claims. */
                evaluated?: components["parameters"]["contentEvaluated"];
            };
            header?: never;
            path: {
                /** @description ID of the reusable content. */
                reusableContentId: components["parameters"]["reusableContentId"];
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reusable content's document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonDocument"] & {
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getVariablesInRevisionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the revision. */
                revisionId: components["parameters"]["revisionId"];
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variables. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variables"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    searchSpaceContent: {
        parameters: {
            query: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
                /** @description The text to find. It is read as plain words, never as query syntax: quotes, operators and punctuation only separate words. Latin words match whole, the last one also as a prefix; Chinese, Japanese, Korean and other unsegmented scripts match any run of two or more characters. */
                query: components["parameters"]["searchQuery"];
            };
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of matching pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchPageResultList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    transferSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the space. */
                spaceId: components["parameters"]["spaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the target organization. */
                    organization: components["schemas"]["ResourceId"];
                };
            };
        };
        responses: {
            /** @description The transferred space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    resolvePublishedContentByUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Answer a redirect to the site's fallback URL when the visitor's token is missing or invalid.
                     * @default false
                     */
                    redirectOnError?: boolean;
                    /**
                     * Format: uri
                     * @description The URL to resolve.
                     */
                    url: string;
                    visitor?: components["schemas"]["SiteVisitorPayload"];
                };
            };
        };
        responses: {
            /** @description The content the URL points at, or where to go instead. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedSiteContentLookup"];
                };
            };
            400: components["responses"]["BadRequestError"];
            404: components["responses"]["NotFoundError"];
            413: components["responses"]["PayloadTooLargeError"];
            415: components["responses"]["UnsupportedMediaTypeError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getAuthenticatedUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listUserSessions: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    revokeUserSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a session. */
                sessionId: components["parameters"]["sessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    listUserApiTokens: {
        parameters: {
            query?: {
                /** @description How many items a page holds. */
                limit?: components["parameters"]["listLimit"];
                /** @description The `next.page` token of the previous page. */
                page?: components["parameters"]["listPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenList"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    createUserApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new token, with `token`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiToken"];
                };
            };
            401: components["responses"]["UnauthorizedError"];
            403: components["responses"]["ForbiddenError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    revokeUserApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an API token. */
                tokenId: components["parameters"]["tokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token is revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    getUserById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the user. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequestError"];
            401: components["responses"]["UnauthorizedError"];
            404: components["responses"]["NotFoundError"];
            429: components["responses"]["TooManyRequestsError"];
        };
    };
    receiveEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every attempt and redelivery. */
                "webhook-id": string;
                /** @description `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated when several secrets sign. */
                "webhook-signature": string;
                /** @description When this attempt was signed, in seconds since the epoch. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"];
            };
        };
        responses: {
            /** @description Any 2xx answer marks the delivery as succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

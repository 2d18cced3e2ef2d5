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
         * @description Changes the fields given; only admins may. A `hostname` is unique across the server.
         */
        patch: operations["updateOrganizationById"];
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
         * @description `title` and `emoji` need `edit` or higher; `editMode` and `defaultLevel` need `admin`.
         */
        patch: operations["updateSpaceById"];
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
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
        /**
         * @description The plan of the organization.
         * @enum {string}
         */
        BillingProduct: "free_2024" | "plus_2024" | "pro_2024" | "enterprise_2024" | "community_2024" | "free" | "plus" | "pro";
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
        /** @description Title of the collection; it must have a character other than white space. */
        CollectionTitle: string;
        /** @description Where to put an item among its siblings, next to one of them. Give `before` or `after`. */
        ContentPosition: {
            after?: components["schemas"]["SpacePointer"];
            before?: components["schemas"]["SpacePointer"];
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
        /**
         * Format: hostname
         * @description An email domain, such as `example.com`.
         */
        EmailDomain: string;
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
        /** @description The Git repository the space is synchronized with. */
        GitSyncState: {
            /** @enum {string} */
            installationProvider?: "github" | "gitlab";
            integration?: string;
            repoName?: string;
            updatedAt?: components["schemas"]["Timestamp"];
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
            defaultContent: components["schemas"]["OrganizationDefaultContent"];
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
             * @description Always true.
             */
            internal_isOnNewTrial: boolean;
            /** @description Whether invite links are enabled. */
            inviteLinks: boolean;
            /** @enum {string} */
            object: "organization";
            permissions: components["schemas"]["OrganizationPermissions"];
            plan: components["schemas"]["BillingProduct"];
            /** @description Whether SSO is enforced organization-wide. */
            sso: boolean;
            title: components["schemas"]["OrganizationTitle"];
            trial?: {
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
            /** @description Can administer the organization. */
            admin: boolean;
            /** @description Can create spaces, collections and sites. */
            createContent: boolean;
            /** @description Can create OpenAPI specs. */
            createOpenAPISpec: boolean;
            /** @description Can ingest conversations. */
            ingestConversations: boolean;
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
        /** @description Title of the organization; it must have a character other than white space. */
        OrganizationTitle: string;
        /** @enum {string} */
        OrganizationType: "business" | "community";
        /** @enum {string} */
        OrganizationUseCase: "internalDocs" | "docsSite" | "audienceControlledSite" | "productDocs" | "teamKnowledgeBase" | "designSystem" | "openSourceDocs" | "notes" | "other";
        /** @description ID of an object, as the API hands it out. */
        ResourceId: string;
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
        /** @description Title of the space; it must have a character other than white space. */
        SpaceTitle: string;
        /**
         * Format: date-time
         * @description An instant in ISO 8601, UTC.
         * @example 2026-11-22T10:00:00.000Z
         */
        Timestamp: string;
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
        /** @description How visitors of `visitor-auth` content authenticate. */
        VisitorAuth: {
            /** @enum {string} */
            backend: "custom" | "integration";
        };
    };
    responses: {
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
        /** @description ID of the collection. */
        collectionId: components["schemas"]["ResourceId"];
        /** @description An email domain, such as `example.com`. */
        emailDomain: components["schemas"]["EmailDomain"];
        /** @description How many items a page holds. */
        listLimit: number;
        /** @description Sort direction. */
        listOrder: "asc" | "desc";
        /** @description The `next.page` token of the previous page. */
        listPage: string;
        /** @description ID of the organization. */
        organizationId: components["schemas"]["ResourceId"];
        /** @description Secret key of a share link, to read content shared through it. */
        shareKey: string;
        /** @description ID of the space. */
        spaceId: components["schemas"]["ResourceId"];
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
                    hostname?: components["schemas"]["OrganizationHostname"];
                    inviteLinks?: boolean;
                    /** @description URL of the logo, or `null` to remove it. */
                    logo?: string | null;
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
        };
    };
}

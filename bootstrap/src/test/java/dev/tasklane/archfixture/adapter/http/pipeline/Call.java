package dev.tasklane.archfixture.adapter.http.pipeline;

import dev.tasklane.archfixture.adapter.http.routes.CardRoutes;

/** Breaks httpAdapterKeepsItsRoles: the request pipeline reaches into a route class. */
public final class Call {
    public CardRoutes route() {
        return null;
    }
}

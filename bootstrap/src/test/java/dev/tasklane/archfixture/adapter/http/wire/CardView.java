package dev.tasklane.archfixture.adapter.http.wire;

import dev.tasklane.archfixture.adapter.http.pipeline.Call;

/** Breaks httpAdapterKeepsItsRoles: a wire record that holds the request pipeline's call. */
public final class CardView {
    private final Call call = null;

    public boolean bound() {
        return call != null;
    }
}

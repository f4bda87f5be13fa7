package dev.tasklane.adapter.jdbi;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the stores live: a JDBC URL (H2 or PostgreSQL), credentials and the pool size. H2 URLs get the
 * settings Tasklane's schema relies on (PostgreSQL mode, lower-case names, a lock timeout, write on commit)
 * unless the URL sets them already.
 *
 * @param poolSize the most connections the pool opens
 */
public record Database(String url, String user, String password, int poolSize) {
    /** The databases Tasklane runs on. */
    public enum Kind {
        H2("h2"),
        POSTGRES("postgres");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        /** The name used in configuration and in /health ("h2", "postgres"). */
        public String code() {
            return wire;
        }
    }

    public static final int DEFAULT_POOL_SIZE = 10;

    /** Settings appended to H2 URLs: see the class comment. */
    private static final String[] H2_SETTINGS = {
        "MODE=PostgreSQL", "DATABASE_TO_LOWER=TRUE", "DEFAULT_NULL_ORDERING=HIGH", "LOCK_TIMEOUT=10000", "WRITE_DELAY=0"
    };

    public Database {
        Objects.requireNonNull(url, "url");
        if (poolSize < 1) {
            throw new IllegalArgumentException("the pool needs at least one connection, got " + poolSize);
        }
        kindOf(url);
    }

    /** An H2 database in a file {@code tasklane.mv.db} in this directory (created when missing). */
    public static Database h2File(Path directory) {
        String base = directory.toAbsolutePath().normalize().resolve("tasklane").toString();
        return new Database("jdbc:h2:file:" + base, "sa", "", DEFAULT_POOL_SIZE);
    }

    /** A private H2 database in memory, alive until the stores are closed. For tests and simulations. */
    public static Database h2Memory(String name) {
        return new Database("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa", "", DEFAULT_POOL_SIZE);
    }

    /** A PostgreSQL database. */
    public static Database postgres(String url, String user, String password) {
        return new Database(url, user, password, DEFAULT_POOL_SIZE);
    }

    public Database withPoolSize(int size) {
        return new Database(url, user, password, size);
    }

    public Kind kind() {
        return kindOf(url);
    }

    /** The URL given to the driver: for H2, with Tasklane's settings added. */
    String jdbcUrl() {
        if (kind() != Kind.H2) {
            return url;
        }
        StringBuilder full = new StringBuilder(url);
        String upper = url.toUpperCase(Locale.ROOT);
        for (String setting : H2_SETTINGS) {
            String name = setting.substring(0, setting.indexOf('=') + 1);
            if (!upper.contains(";" + name)) {
                full.append(';').append(setting);
            }
        }
        return full.toString();
    }

    private static Kind kindOf(String url) {
        if (url.startsWith("jdbc:h2:")) {
            return Kind.H2;
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return Kind.POSTGRES;
        }
        throw new IllegalArgumentException("unsupported database URL '" + url
                + "': use jdbc:postgresql://host:5432/database or jdbc:h2:file:/path/to/file");
    }

    /** The URL without credentials, for logs and banners. */
    @Override
    public String toString() {
        return "Database[" + url + ", user " + user + ", pool " + poolSize + "]";
    }
}

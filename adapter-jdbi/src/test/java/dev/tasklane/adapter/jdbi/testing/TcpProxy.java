package dev.tasklane.adapter.jdbi.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy for fault tests, between the code under test and a database: {@link #pause()} stalls the network
 * (every connection stays open, no byte moves in either direction, new connections are accepted but not served),
 * {@link #resume()} lets everything flow again, as after a switch or a link came back. Listens on a free port of
 * the loopback interface; every thread is a daemon; {@link #close()} drops every connection.
 */
public final class TcpProxy implements AutoCloseable {
    private static final int CHUNK = 16 * 1024;

    private final String upstreamHost;
    private final int upstreamPort;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean paused;
    private volatile boolean closed;
    private final java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();

    private TcpProxy(String upstreamHost, int upstreamPort) throws IOException {
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "tcp-proxy-accept-" + port());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A proxy forwarding to {@code host:port}, flowing. */
    public static TcpProxy to(String host, int port) throws IOException {
        return new TcpProxy(host, port);
    }

    /** The port to connect to instead of the upstream one. */
    public int port() {
        return listener.getLocalPort();
    }

    /** Rewrites a JDBC URL's {@code //host:port/} to go through this proxy. */
    public String jdbcUrlThrough(String url) {
        return url.replaceFirst("//[^/]+/", "//127.0.0.1:" + port() + "/");
    }

    /** How many connections the proxy has accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Stops every byte from moving until {@link #resume()}. */
    public void pause() {
        paused = true;
    }

    public void resume() {
        synchronized (gate) {
            paused = false;
            gate.notifyAll();
        }
    }

    private void awaitFlowing() throws InterruptedException {
        synchronized (gate) {
            while (paused && !closed) {
                gate.wait();
            }
        }
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                sockets.add(client);
                accepted.incrementAndGet();
                Thread connector = new Thread(() -> connect(client), "tcp-proxy-connect");
                connector.setDaemon(true);
                connector.start();
            } catch (IOException stopped) {
                return;
            }
        }
    }

    private void connect(Socket client) {
        try {
            awaitFlowing();
            Socket upstream = new Socket();
            sockets.add(upstream);
            upstream.connect(new InetSocketAddress(upstreamHost, upstreamPort), 5_000);
            pump(client, upstream);
            pump(upstream, client);
        } catch (IOException | InterruptedException failed) {
            closeQuietly(client);
        }
    }

    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[CHUNK];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    awaitFlowing();
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException | InterruptedException ended) {
                // one side closed: close the other below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-proxy-pump");
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        resume();
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sockets.forEach(TcpProxy::closeQuietly);
    }
}

package dev.tasklane.domain.validation;

/** Text measures and membership tests the rules share, over typed values. */
final class Values {
    private Values() {
    }

    /**
     * Whether a value is one of the allowed strings. Never throws: {@code List.of(..).contains(null)} does, which is
     * why every membership test goes through here.
     */
    static boolean oneOf(String value, java.util.Collection<String> allowed) {
        return value != null && allowed.contains(value);
    }

    static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    static int nonWhitespace(String text) {
        int count = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (!Character.isWhitespace(codePoint)) {
                count++;
            }
            i += Character.charCount(codePoint);
        }
        return count;
    }
}

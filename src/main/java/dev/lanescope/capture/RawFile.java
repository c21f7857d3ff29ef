package dev.lanescope.capture;

/**
 * One file found in the inputs, read into memory.
 *
 * @param name  how problems name it: the path as given, {@code folder/rel/path}, or {@code archive.tgz!/entry}
 * @param path  its path inside the folder or archive, with {@code /} separators (the file name for a plain file)
 * @param data  the bytes
 */
record RawFile(String name, String path, byte[] data) {

    /** The last path segment. */
    String baseName() {
        int i = path.lastIndexOf('/');
        return i < 0 ? path : path.substring(i + 1);
    }

    /** The directory segment just above the file, or "" at the top. */
    String parentName() {
        int i = path.lastIndexOf('/');
        if (i < 0) return "";
        int j = path.lastIndexOf('/', i - 1);
        return path.substring(j + 1, i);
    }
}

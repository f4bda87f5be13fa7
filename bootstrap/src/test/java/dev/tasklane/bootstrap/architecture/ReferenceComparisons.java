package dev.tasklane.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.ClassReader;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.ClassVisitor;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.Label;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.MethodVisitor;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.Opcodes;
import com.tngtech.archunit.thirdparty.org.objectweb.asm.Type;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the reference comparisons ({@code ==}, {@code !=} on objects) of one class file whose right operand has one
 * of the given types, for {@link ArchitectureRules#idsAreComparedByValue}. It reads the bytecode with the ASM that
 * ArchUnit carries, and knows the type of the value an instruction pushes when the instruction says it: a method's
 * return type, a field's type, a cast, or (from the local variable table) a local variable's type.
 */
final class ReferenceComparisons {
    private ReferenceComparisons() {
    }

    /** One line per comparison found: the class, the method and the line. */
    static List<String> of(JavaClass type, Set<String> descriptors) {
        var source = type.getSource();
        if (source.isEmpty()) {
            return List.of();
        }
        byte[] bytes;
        try (InputStream in = source.get().getUri().toURL().openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read the class file of " + type.getName(), unreadable);
        }
        List<String> found = new ArrayList<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new Scanner(type.getName() + "." + name, descriptors, found);
            }
        }, 0);
        return found;
    }

    /** Tracks the type of the last pushed value; decides local variables once their table is known. */
    private static final class Scanner extends MethodVisitor {
        private final String method;
        private final Set<String> descriptors;
        private final List<String> found;
        private final Set<Integer> idSlots = new HashSet<>();
        private final List<int[]> pendingComparisons = new ArrayList<>();
        private String lastPushed;
        private int lastLoadedSlot = -1;
        private int line;

        Scanner(String method, Set<String> descriptors, List<String> found) {
            super(Opcodes.ASM9);
            this.method = method;
            this.descriptors = descriptors;
            this.found = found;
        }

        @Override
        public void visitLineNumber(int number, Label start) {
            line = number;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            pushed(Type.getReturnType(descriptor).getDescriptor());
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            pushed(opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC ? descriptor : null);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            pushed(opcode == Opcodes.CHECKCAST ? "L" + type + ";" : null);
        }

        @Override
        public void visitVarInsn(int opcode, int slot) {
            pushed(null);
            if (opcode == Opcodes.ALOAD) {
                lastLoadedSlot = slot;
            }
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            if (opcode == Opcodes.IF_ACMPEQ || opcode == Opcodes.IF_ACMPNE) {
                if (lastPushed != null && descriptors.contains(lastPushed)) {
                    report(lastPushed, line);
                } else if (lastLoadedSlot >= 0) {
                    pendingComparisons.add(new int[] {lastLoadedSlot, line});
                }
            }
            pushed(null);
        }

        @Override
        public void visitInsn(int opcode) {
            pushed(null);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            pushed(null);
        }

        @Override
        public void visitLdcInsn(Object value) {
            pushed(null);
        }

        @Override
        public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end,
                                       int slot) {
            if (descriptors.contains(descriptor)) {
                idSlots.add(slot);
            }
        }

        @Override
        public void visitEnd() {
            for (int[] comparison : pendingComparisons) {
                if (idSlots.contains(comparison[0])) {
                    report("a local value id", comparison[1]);
                }
            }
        }

        private void pushed(String descriptor) {
            lastPushed = descriptor;
            lastLoadedSlot = -1;
        }

        private void report(String what, int at) {
            found.add(method + " (line " + at + ") compares " + what + " with == or !=");
        }
    }
}

package mtgconformance;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The cards Argentum defines: every CardDefinition published by the card jars on the class path
 * (Kotlin's top-level {@code val X = card(...)}, compiled to a static getter of a {@code ...Kt} class).
 * One definition per name: a basic land printed in several sets keeps its first.
 */
final class Cards {
    final Map<String, Object> byName = new LinkedHashMap<>();
    final Object registry;

    Cards() throws IOException {
        Class<?> def = K.cls("com.wingedsheep.sdk.model.CardDefinition");
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            File f = new File(entry);
            if (!f.isFile() || !f.getName().endsWith(".jar") || !f.getName().contains("cards")) continue;
            try (JarFile jar = new JarFile(f)) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    String name = entries.nextElement().getName();
                    if (!name.endsWith("Kt.class") || name.contains("$")) continue;
                    collect(name.substring(0, name.length() - 6).replace('/', '.'), def);
                }
            }
        }
        registry = K.make("com.wingedsheep.engine.registry.CardRegistry");
        K.call(registry, "register", new ArrayList<>(byName.values()));
    }

    private void collect(String className, Class<?> def) {
        Class<?> c;
        try {
            c = Class.forName(className);
        } catch (Throwable e) {
            return;
        }
        for (Method m : c.getDeclaredMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0) continue;
            try {
                if (def.isAssignableFrom(m.getReturnType())) add(m.invoke(null));
                else if (List.class.isAssignableFrom(m.getReturnType())) {
                    for (Object o : (List<?>) m.invoke(null)) if (def.isInstance(o)) add(o);
                }
            } catch (ReflectiveOperationException e) {
                // not a card
            }
        }
    }

    private void add(Object card) {
        String name = (String) K.get(card, "name");
        byName.putIfAbsent(name, card);
    }
}

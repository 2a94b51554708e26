package mtgconformance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kotlin.jvm.JvmClassMappingKt;
import kotlin.reflect.KClass;
import kotlin.reflect.KFunction;
import kotlin.reflect.KParameter;
import kotlin.reflect.KProperty1;
import kotlin.reflect.full.KClasses;

/**
 * Calls into Argentum's Kotlin classes through Kotlin's own reflection, which keeps value classes
 * (EntityId, AbilityId) boxed and honours default arguments, neither of which Java source can reach.
 */
final class K {
    private static final Map<String, Object> CACHE = new HashMap<>();

    private K() {}

    static KClass<?> kc(Class<?> c) {
        return JvmClassMappingKt.getKotlinClass(c);
    }

    static Class<?> cls(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Argentum has no class " + name, e);
        }
    }

    /** The instance of a Kotlin object (a data object such as TappedComponent). */
    static Object obj(String className) {
        return kc(cls(className)).getObjectInstance();
    }

    /** A new instance through the primary constructor, with named arguments (the rest default). */
    static Object make(String className, Map<String, Object> args) {
        KFunction<?> ctor = KClasses.getPrimaryConstructor(kc(cls(className)));
        if (ctor == null) throw new IllegalStateException(className + " has no primary constructor");
        return callBy(ctor, null, args);
    }

    static Object make(String className, Object... pairs) {
        return make(className, map(pairs));
    }

    /** A data class's copy with the named properties changed. */
    static Object copy(Object target, Object... pairs) {
        KFunction<?> f = function(target.getClass(), "copy", -1);
        return callBy(f, target, map(pairs));
    }

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], pairs[i + 1]);
        return m;
    }

    private static Object callBy(KFunction<?> f, Object self, Map<String, Object> args) {
        Map<KParameter, Object> by = new HashMap<>();
        int used = 0;
        for (KParameter p : f.getParameters()) {
            if (p.getKind() == KParameter.Kind.INSTANCE) by.put(p, self);
            else if (args.containsKey(p.getName())) { by.put(p, args.get(p.getName())); used++; }
        }
        if (used != args.size()) throw new IllegalStateException("unknown parameter among " + args.keySet() + " of " + f);
        return f.callBy(by);
    }

    /** Calls a member function by name, choosing the overload by argument count and types. */
    static Object call(Object target, String name, Object... args) {
        KFunction<?> f = function(target.getClass(), name, args.length, args);
        Object[] all = new Object[args.length + 1];
        all[0] = target;
        System.arraycopy(args, 0, all, 1, args.length);
        return f.call(all);
    }

    /** A companion object's function, e.g. EntityId.of. */
    static Object companion(String className, String name, Object... args) {
        Object comp = KClasses.getCompanionObjectInstance(kc(cls(className)));
        return call(comp, name, args);
    }

    /** A Kotlin object's function, e.g. CardEntityFactory.create. */
    static Object objCall(String className, String name, Object... args) {
        return call(obj(className), name, args);
    }

    /** Reads a member property. */
    @SuppressWarnings("unchecked")
    static Object get(Object target, String property) {
        String key = target.getClass().getName() + "#" + property;
        KProperty1<Object, ?> p = (KProperty1<Object, ?>) CACHE.get(key);
        if (p == null) {
            for (KProperty1<?, ?> q : KClasses.getMemberProperties(kc(target.getClass()))) {
                if (q.getName().equals(property)) p = (KProperty1<Object, ?>) q;
            }
            if (p == null) throw new IllegalStateException(target.getClass().getSimpleName() + " has no property " + property);
            kotlin.reflect.jvm.KCallablesJvm.setAccessible(p, true);
            CACHE.put(key, p);
        }
        return p.get(target);
    }

    private static KFunction<?> function(Class<?> c, String name, int arity, Object... args) {
        String key = c.getName() + "." + name + "/" + arity;
        Object cached = CACHE.get(key);
        if (cached != null && arity < 0) return (KFunction<?>) cached;
        KFunction<?> found = null;
        for (KFunction<?> f : KClasses.getMemberFunctions(kc(c))) {
            if (!f.getName().equals(name)) continue;
            List<KParameter> ps = f.getParameters();
            if (arity < 0) { found = f; break; }
            if (ps.size() != arity + 1) continue;
            boolean fits = true;
            for (int i = 0; i < arity; i++) {
                Object a = args[i];
                Object t = ps.get(i + 1).getType().getClassifier();
                if (a != null && t instanceof KClass && !((KClass<?>) t).isInstance(a)) { fits = false; break; }
            }
            if (fits) { found = f; break; }
        }
        if (found == null) throw new IllegalStateException(c.getSimpleName() + " has no function " + name + "/" + arity);
        kotlin.reflect.jvm.KCallablesJvm.setAccessible(found, true);
        if (arity < 0) CACHE.put(key, found);
        return found;
    }

    /** The component of a class in an entity's ComponentContainer, or null. */
    static Object comp(Object container, String simpleName) {
        if (container == null) return null;
        for (Object c : (java.util.Collection<?>) call(container, "all")) {
            if (c.getClass().getSimpleName().equals(simpleName)) return c;
        }
        return null;
    }
}

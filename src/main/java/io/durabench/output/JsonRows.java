package io.durabench.output;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.List;
import java.util.Map;

/** JSON from a field list, as {@link CsvRenderer} writes CSV from one: report.json's rows and compare's alike. */
public final class JsonRows {
    private JsonRows() {
    }

    /** Any rows as a JSON array of objects from their field list (compare's rows too), null for absent figures. */
    public static <R> JsonArray of(List<Field<R>> fields, List<R> rows) {
        JsonArray arr = new JsonArray();
        for (R r : rows) {
            JsonObject o = new JsonObject();
            for (Field<R> f : fields) o.add(f.key(), value(f, r));
            arr.add(o);
        }
        return arr;
    }

    /** JSON has no NaN: absent figures are null. */
    private static <R> JsonElement value(Field<R> f, R row) {
        Object v = f.of(row);
        if (v == null) return JsonNull.INSTANCE;
        return switch (f.kind()) {
            case NUMBER -> Double.isFinite((Double) v) ? new JsonPrimitive((Double) v) : JsonNull.INSTANCE;
            case WHOLE -> new JsonPrimitive(((Number) v).longValue());
            case BOOLEAN -> new JsonPrimitive((Boolean) v);
            case TEXT -> new JsonPrimitive(v.toString());
            case PARAMS -> params(((Field.Params) v).values());
        };
    }

    private static JsonObject params(Map<String, String> params) {
        JsonObject p = new JsonObject();
        params.forEach(p::addProperty);
        return p;
    }
}

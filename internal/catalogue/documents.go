package catalogue

// Import paths of the document database drivers the catalogue models.
const (
	mongoV1 = "go.mongodb.org/mongo-driver/mongo"
	mongoV2 = "go.mongodb.org/mongo-driver/v2/mongo"
)

// documentEntries returns the document database part of the table: the
// writes of a MongoDB collection, guarded by their filter document, the
// inserts, which append, and the reads whose documents a later write may
// be conditioned on.
func documentEntries() []Entry {
	var t []Entry
	for _, lib := range []string{mongoV1, mongoV2} {
		coll := "(*" + lib + ".Collection)."
		for _, w := range []struct {
			name, verb string
		}{
			{"UpdateOne", "updates"}, {"UpdateMany", "updates"}, {"ReplaceOne", "replaces a document in"},
			{"DeleteOne", "deletes from"}, {"DeleteMany", "deletes from"},
			{"FindOneAndUpdate", "updates"}, {"FindOneAndReplace", "replaces a document in"},
			{"FindOneAndDelete", "deletes from"},
		} {
			t = append(t, entry(lib, coll+w.name, FilterWrite).withArg(1).withVerb(w.verb))
		}
		// A bulk write's filters sit in its write models, argument 1.
		t = append(t, entry(lib, coll+"BulkWrite", FilterWrite).withArg(1).withFields("Filter", "SetFilter").withVerb("writes"))
		t = append(t, methods(lib, coll, Append, "InsertOne", "InsertMany")...)
		t = append(t, entry(lib, coll+"FindOne", Read))
	}
	return t
}

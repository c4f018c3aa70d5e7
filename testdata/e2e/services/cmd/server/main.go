// Command server wires the PostgreSQL adapters into the worker.
package main

import (
	"context"
	"database/sql"
	"log"

	"example.com/services/pgrepo"
	"example.com/services/ports"
	"example.com/services/worker"
)

func main() {
	db, err := sql.Open("pgx", "postgres://localhost/jobs")
	if err != nil {
		log.Fatal(err)
	}
	store := pgrepo.New(db)
	var results ports.Results = store               // ok: Save fences
	w := worker.New(db, store, results, "server-1") // finding: unfenced
	if err := w.RunOnce(context.Background()); err != nil {
		log.Print(err)
	}
	local := worker.New(db, &pgrepo.MemoryStore{}, results, "local") // ok: an in-memory store does not count (inventory: notwrite)
	_ = local
}

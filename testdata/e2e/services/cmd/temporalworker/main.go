// Command temporalworker registers the activities on a Temporal worker.
package main

import (
	"database/sql"
	"log"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"example.com/services/activities"
	"example.com/services/reports"
)

func main() {
	db, err := sql.Open("pgx", "postgres://localhost/reports")
	if err != nil {
		log.Fatal(err)
	}
	c, err := client.Dial(client.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	w := worker.New(c, "reports", worker.Options{})
	w.RegisterActivity(&activities.Activities{Reports: &reports.Service{DB: db}}) // finding: unfenced
	if err := w.Run(worker.InterruptCh()); err != nil {
		log.Fatal(err)
	}
}

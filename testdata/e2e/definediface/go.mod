module example.com/definediface

go 1.26.0

package solventa.rating;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import solventa.lab.PostgresServer;
import solventa.rating.model.DefaultProfileMode;

/** Test helpers around the lab's real PostgreSQL 16. */
final class RatingDb {
  private RatingDb() {}

  /**
   * Settings for database {@code db} of {@code pg}, with the given cost, a quick give-up and the
   * shipped line default profile.
   */
  static RatingSettings settings(PostgresServer pg, String db, Duration cost) {
    return new RatingSettings(
        pg.jdbcUrl(db),
        pg.user(),
        pg.password(),
        cost,
        3,
        Duration.ofMillis(50),
        DefaultProfileMode.LINE);
  }

  /** Runs SQL statements against {@code db}, with search_path on the rating schema. */
  static void exec(PostgresServer pg, String db, String... sql) {
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl(db), pg.user(), pg.password());
        Statement s = c.createStatement()) {
      s.execute("set search_path = rating");
      for (String stmt : sql) {
        s.execute(stmt);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
    }
  }
}

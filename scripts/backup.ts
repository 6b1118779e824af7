// `npm run backup -- <folder>` and `npm run restore -- <folder> <fresh database URL> <fresh data folder>`
// (scripts/backup/backup.ts). The backup reads the same settings as the server (DATABASE_URL, DATA_DIR, S3_*).
import { loadConfig } from '../apps/server/src/config';
import { backup, restore } from './backup/backup';

const [command, ...args] = process.argv.slice(2);
if (command === 'backup' && args.length === 1) {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'A backup needs PostgreSQL (DATABASE_URL); the embedded default is backed up by copying DATA_DIR while stopped.',
    );
    process.exit(1);
  }
  const manifest = await backup({
    databaseUrl: config.databaseUrl,
    blobs: config.s3 ? { s3: config.s3 } : { folder: `${config.dataDir}/blobs` },
    out: args[0]!,
  });
  console.log(`backed up the database and ${manifest.blobCount} blobs to ${args[0]}`);
} else if (command === 'restore' && args.length === 3) {
  const [from, databaseUrl, dataDir] = args as [string, string, string];
  const manifest = await restore({ from, databaseUrl, dataDir });
  console.log(
    `restored the backup of ${manifest.createdAt} (${manifest.blobCount} blobs): ` +
      `start the server with DATABASE_URL=${databaseUrl} DATA_DIR=${dataDir} (and no S3_* settings)`,
  );
} else {
  console.error(
    'usage: npm run backup -- <folder> | npm run restore -- <folder> <fresh database URL> <fresh data folder>',
  );
  process.exit(1);
}

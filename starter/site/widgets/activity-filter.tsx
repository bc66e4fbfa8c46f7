// Øya på forsiden: aktivitetene, med et filter på gruppe. Den har tilstand (gruppen som er valgt),
// så den får liv med React i nettleseren; uten JavaScript vises alle aktivitetene.
import { useState } from 'react';

interface Activity {
  group: string;
  day: string;
  time: string;
  place: string;
}

export default function ActivityFilter({ activities }: { activities: Activity[] }) {
  const [group, setGroup] = useState('');
  const groups = [...new Set(activities.map((activity) => activity.group))];
  const shown = activities.filter((activity) => group === '' || activity.group === group);
  return (
    <div className="activities">
      <label>
        Gruppe{' '}
        <select value={group} onChange={(event) => setGroup(event.target.value)}>
          <option value="">Alle</option>
          {groups.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <table>
        <thead>
          <tr>
            <th>Gruppe</th>
            <th>Dag</th>
            <th>Tid</th>
            <th>Sted</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((activity) => (
            <tr key={`${activity.group} ${activity.day} ${activity.time}`}>
              <td>{activity.group}</td>
              <td>{activity.day}</td>
              <td>{activity.time}</td>
              <td>{activity.place}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

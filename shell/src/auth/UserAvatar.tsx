import { useState } from 'react';
import { userInitials, type User } from 'shared-contracts';

interface Props {
  user: User;
  /** classes of the picture and of the initials badge */
  imageClassName?: string;
  initialsClassName?: string;
  size?: number;
}

/**
 * The user's avatar in the header: the picture (updated through `auth/user-updated`), or the initials when
 * there is none or it fails to load. Decorative: the link around it carries the name.
 */
export function UserAvatar({ user, imageClassName, initialsClassName, size = 28 }: Props) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (user.avatar && user.avatar !== brokenSrc) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={size}
        height={size}
        className={imageClassName}
        data-testid="header-avatar"
        onError={() => setBrokenSrc(user.avatar)}
      />
    );
  }
  return (
    <span className={initialsClassName} aria-hidden="true" data-testid="header-avatar">
      {userInitials(user)}
    </span>
  );
}
